import type { ContentKey } from '@pantalla/media';
import type { Platform, ServerModule } from '../../platform/module';
import type { Playables } from '../catalogue';
import type { Authenticator } from '../identity';
import { KeyGenerationsRepository } from './key-generations.repository';
import { KeyRotation, type KeyTarget } from './key-rotation';
import { keyRoutes } from './keys.routes';
import { ManifestService, type RecordingSpans } from './manifest.service';
import { ensureDemoMedia, progressPrinter, trailerClipKey, type MediaSetupProgress } from './media-setup';
import { MediaStore } from './media-store';
import type { StreamGate } from './gate';
import { originMigrations } from './migrations';
import { originRoutes } from './origin.routes';
import { registerDemoOutage } from './seed/demo-outage.http';
import { defaultSegmentSecret, SEGMENT_TOKEN_TTL_SECONDS, signSegmentToken } from './segment-token';
import { playbackSigningKey, playbackUrl, signPlaybackToken, type PlaybackClaims } from './signed-url';
import type { RelayDestinations } from './relay.http';
import { relayName, relaySigningKey, RELAY_PATH, signRelayTarget, type RelayTarget } from './relay-url';

export { checkCatchup, CATCHUP_MESSAGES, channelTimelineStart } from './windows';
export { qualityOf, type PlaybackClaims, type StreamKind } from './signed-url';
export {
  SEGMENT_TOKEN_TTL_SECONDS,
  SIGNED_SEGMENT_PREFIX,
  signSegmentToken,
  verifySegmentToken,
  defaultSegmentSecret,
} from './segment-token';
export type { StreamGate } from './gate';
export type { RelayDestinations, RelayedStream } from './relay.http';
export type { RelayTarget } from './relay-url';
export type { RecordingSpan, RecordingSpans } from './manifest.service';
export {
  channelPeriodKey,
  generationKey,
  streamKeyName,
  GENERATION_KINDS,
  type GenerationKind,
  type StreamKeyKind,
} from './stream-keys';
export type { KeyRotation, KeyTarget, RotatedKey } from './key-rotation';
export type { OriginTables } from './tables';
export type { MediaSetupProgress } from './media-setup';

/** What the origin needs of other modules. */
export interface OriginNeeds {
  /** The channels, programmes and titles it builds manifests for. */
  playables: Playables;
  /** Signs in the catch-up manifest test's caller. */
  auth: Authenticator;
  /** Who may watch what, now (playback's sessions and rights). */
  gate: StreamGate;
  /** Subscribers' recordings (issue 29): served for their span while they exist, past the catch-up window. */
  recordings: RecordingSpans;
  /** Where relayed external streams may be fetched from (ingest's guard, INGEST_ALLOWED_HOSTS). */
  relayDestinations: RelayDestinations;
}

/** Signed playback URLs and licence addresses, as the playback services hand them out. */
export interface PlaybackUrls {
  /** Signs claims: the playback URL's token, and the auth string of per-user licence servers. */
  sign(claims: PlaybackClaims): string;
  /** The signed playback URL of claims, from PLAYBACK_URL_TEMPLATE. */
  url(claims: PlaybackClaims): string;
  /** The ClearKey licence URL of a stream session. */
  licenceUrl(sessionId: string): string;
  /** A fresh segment token of a stream session (`/media/a/{token}/s/…`), valid SEGMENT_TOKEN_TTL_SECONDS. */
  segmentToken(sessionId: string): string;
  /** A relay URL on our own origin for an external stream that asks for headers (issue 31), under the session's token. */
  relayUrl(sessionId: string, target: RelayTarget): string;
}

/** The clips' content keys, for the licence server. */
export interface ContentKeys {
  /** The content key of a key name (channelPeriodKey, generationKey) or of a trailer clip: kid and key, hex. */
  key(name: string): ContentKey;
  /** Whether the key names a trailer the origin serves (trailer keys go to anyone). */
  isTrailer(clipKey: string): boolean;
  /**
   * The key names a session may be given now: a channel's key periods in its window (none
   * ahead of now but the one about to start), or a title's or programme's current generation.
   */
  allowedKeys(target: KeyTarget): Promise<string[]>;
}

/** The origin as the other modules and the start-up see it. */
export interface Origin {
  module: ServerModule;
  urls: PlaybackUrls;
  keys: ContentKeys;
  /** Key generations of titles and programmes: the operator's rotation (admin route, command). */
  rotation: KeyRotation;
  /**
   * Packages the demo media into MEDIA_DIR unless already there (progress on stdout when
   * asked); safe when several processes start at once.
   */
  prepareDemoMedia(options?: {
    progress?: boolean;
    onWait?: () => void;
  }): Promise<{ made: number; kept: number; elapsedMs: number }>;
}

/** DASH manifests and segments: live from the wall clock, restart, catch-up, films, trailers, diagnostics. */
export function createOrigin(platform: Platform, needs: OriginNeeds): Origin {
  const { config, clock, caches } = platform;
  const cfg = config.media;
  const media = new MediaStore(cfg, caches);
  const signingKey = playbackSigningKey(config.authSecret);
  // One secret for the origin and the nginx or CDN in front (SEGMENT_URL_SECRET), else derived.
  const segmentSecret = cfg.segmentSecret ?? defaultSegmentSecret(config.authSecret);
  const segmentToken = (sessionId: string) =>
    signSegmentToken(segmentSecret, sessionId, Math.floor(clock.now() / 1000) + SEGMENT_TOKEN_TTL_SECONDS);
  const relayKey = relaySigningKey(config.authSecret);
  // On the app's own origin, not MEDIA_BASE_URL's: a CDN in front has nothing to cache of one session's relay.
  const relayUrl = (sessionId: string, target: RelayTarget) =>
    `${config.publicUrl.replace(/\/$/, '')}/media/a/${segmentToken(sessionId)}/${RELAY_PATH}/${relayName(target)}?t=${signRelayTarget(relayKey, sessionId, target)}`;
  const rotation = new KeyRotation(
    new KeyGenerationsRepository(platform.db),
    caches,
    clock,
    needs.playables,
    cfg.keyPeriodSeconds,
  );
  const manifests = new ManifestService(cfg, needs.playables, media, clock, segmentToken, rotation, needs.recordings);
  const isTrailer = (clipKey: string) =>
    clipKey.startsWith('trailer-') && trailerClipKey(clipKey) === clipKey && media.isClip(clipKey);
  const module: ServerModule = {
    name: 'origin',
    migrations: originMigrations,
    routes: (app) => keyRoutes(app, rotation, needs.auth),
    rootRoutes: (app) => {
      if (config.qoeDemo) registerDemoOutage(app, clock, config.qoeDemo);
      return originRoutes(app, {
        cfg,
        manifests,
        media,
        signingKey,
        clock,
        publicUrl: config.publicUrl,
        gate: needs.gate,
        auth: needs.auth,
        segmentSecret,
        isOpenKey: isTrailer,
        relay: { key: relayKey, url: relayUrl, destinations: needs.relayDestinations },
      });
    },
  };
  const urls: PlaybackUrls = {
    sign: (claims) => signPlaybackToken(signingKey, claims),
    url: (claims) => playbackUrl(cfg.urlTemplate, cfg.baseUrl, claims, signPlaybackToken(signingKey, claims)),
    licenceUrl: (sessionId) => manifests.licenseUrl(sessionId),
    segmentToken,
    relayUrl,
  };
  const keys: ContentKeys = {
    key: (clipKey) => media.key(clipKey),
    isTrailer,
    allowedKeys: (target) => rotation.allowedKeys(target),
  };
  async function prepareDemoMedia(options: { progress?: boolean; onWait?: () => void } = {}) {
    const printer = options.progress ? progressPrinter() : null;
    const onProgress = (p: MediaSetupProgress) => printer?.update(p);
    try {
      return await ensureDemoMedia(cfg, onProgress, options.onWait);
    } finally {
      printer?.end();
    }
  }
  return { module, urls, keys, rotation, prepareDemoMedia };
}
