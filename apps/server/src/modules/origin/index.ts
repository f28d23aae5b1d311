import type { ServerModule } from '../../platform/module';
import { originRoutes } from './origin.routes';
import { originServices } from './services';

export { originServices, type OriginServices } from './services';
export { ensureDemoMedia, progressPrinter, trailerClipKey } from './media-setup';
export { mediaConfig, type MediaConfig } from './media-config';
export { checkCatchup, CATCHUP_MESSAGES, channelTimelineStart } from './windows';
export { playbackUrl, qualityOf, signPlaybackToken, type PlaybackClaims, type StreamKind } from './signed-url';
export type { PlayableChannel, PlayableEvent, PlayableTitle } from './content.repository';

/** DASH manifests and segments: live from the wall clock, restart, catch-up, films, trailers, diagnostics. */
export const originModule: ServerModule = {
  name: 'origin',
  rootRoutes: (app, deps) => originRoutes(app, deps, originServices(deps)),
};
