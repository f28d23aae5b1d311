import type { ServerModule } from '../../platform/module';
import { playbackMigrations } from './migrations';
import { playbackRoutes } from './playback.routes';

/** Stream sessions with the account limit, heartbeats, positions, and the ClearKey licence server. */
export const playbackModule: ServerModule = {
  name: 'playback',
  migrations: playbackMigrations,
  routes: playbackRoutes,
};
