// lint-as: apps/server/src/modules/catalogue/seed/fixture.ts
// expect: pantalla/module-boundaries
import { PACKAGE_DEFINITIONS } from '../../commerce/packages';

export const count = PACKAGE_DEFINITIONS.length;
