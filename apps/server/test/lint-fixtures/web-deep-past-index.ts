// lint-as: apps/web/src/features/home/a/b/c/d/e/f/fixture.ts
// expect: pantalla-web/feature-boundaries
import { PlayerScreen } from '../../../../../../../player/components/player-screen';

export const screen = PlayerScreen;
