// lint-as: apps/server/test/fixture.api.test.ts
// expect: pantalla/public-surface
import { signIdToken } from '../src/modules/identity/tokens';

export const sign = signIdToken;
