// lint-as: apps/server/src/modules/playback/fixture.service.ts
// expect: pantalla/module-boundaries
import { SESSION_EXPIRED } from '../identity/auth.http';

export const text = SESSION_EXPIRED;
