// lint-as: apps/server/src/platform/fixture.ts
// expect: pantalla/platform-independence
import type { Catalogue } from '../modules/catalogue';

export type Everything = Catalogue;
