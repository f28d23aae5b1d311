// lint-as: apps/server/src/modules/catalogue/fixture.service.ts
// expect: pantalla/demo-isolation
import { Random } from './seed/prng';

export const random = new Random(1);
