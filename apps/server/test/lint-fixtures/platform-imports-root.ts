// lint-as: apps/server/src/platform/fixture.ts
// expect: pantalla/platform-independence
import { composeModules } from '../compose';

export const compose = composeModules;
