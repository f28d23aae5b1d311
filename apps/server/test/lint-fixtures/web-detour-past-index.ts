// lint-as: apps/web/src/features/guide/fixture.ts
// expect: pantalla-web/feature-boundaries
import { PlayerScreen } from '../guide/../player/components/player-screen';

export const screen = PlayerScreen;
