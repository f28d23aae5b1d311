import { z } from 'zod';
import { requestString } from './text';
import { idSchema, profileIdSchema } from './ids';

/** The neighbours the player preloads for zapping: the next and the previous channel. */
export const PRELOAD_MAX_CHANNELS = 2;

/*
 * Playback wire shapes (viewing spec sections 4, 7, 8 and 9; accounts spec section 9):
 * stream sessions, heartbeats, the ClearKey licence and the diagnostics files of the
 * origin. Refusals use the platform's error body (`errorBodySchema`: statusCode, code,
 * message, data); `data` carries the numeric refusal code below, which the player maps.
 */

// ---------------------------------------------------------------- constants

/** Concurrent stream sessions an account may hold (accounts spec: num_devices 2). */
export const NUM_DEVICES = 2;
/** Time-shift depth of a tstv=1 channel (minutes). */
export const TIME_SHIFT_MINUTES = 120;
/** Safety margin taken off the time-shift depth the live MPD advertises (minutes). */
export const TIME_SHIFT_MARGIN_MINUTES = 5;
/** Seconds added to the playback token's expiry for the signed playback URL. */
export const PLAYBACK_TOKEN_GRACE_SECONDS = 30;
/** How often the player sends a heartbeat; the session expires after missing a few. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Heartbeats a session may miss before it expires on its own. */
export const HEARTBEATS_MISSED_BEFORE_EXPIRY = 3;
/** Shaka's manifest.dash.initialSegmentLimit must hold the whole 2 h window of 2 s segments. */
export const DASH_INITIAL_SEGMENT_LIMIT = 3600;

// ---------------------------------------------------------------- sessions

/** LIVE: channel id (live, time-shift and restart); CUTV: EPG event id; VOD: film id; SERIE: episode id. */
export const playbackTypeSchema = z.enum(['LIVE', 'CUTV', 'VOD', 'SERIE']);
export type PlaybackType = z.infer<typeof playbackTypeSchema>;

export const sessionReferenceSchema = z.object({
  serviceName: requestString().trim().min(1).max(100),
  type: playbackTypeSchema,
  id: requestString().trim().min(1).max(64),
});
export type SessionReference = z.infer<typeof sessionReferenceSchema>;

/** POST /api/v1/sessions (Authorization: Bearer idToken). */
export const openSessionRequestSchema = z.object({
  reference: sessionReferenceSchema,
  streamingProtocol: z.enum(['DASH', 'HLS']),
  profileId: profileIdSchema,
  deviceFingerprint: requestString().trim().min(1).max(256),
});
export type OpenSessionRequest = z.infer<typeof openSessionRequestSchema>;

/** How the player gets keys: our ClearKey licence server, or null for external (clear) sources. */
export const drmInfoSchema = z.object({
  keySystem: z.literal('org.w3.clearkey'),
  /** POST here with Authorization: Bearer idToken; the URL names the stream session. */
  licenseUrl: z.string(),
});
export type DrmInfo = z.infer<typeof drmInfoSchema>;

/** 201 answer of POST /api/v1/sessions. */
export const openSessionResponseSchema = z.object({
  id: z.string(),
  playInfo: z.object({
    /** Signed, expiring manifest URL on the origin; an external source's URL as is. */
    url: z.string(),
    /** Where to start: the saved keep-watching position for VOD/SERIE/CUTV, else 0. */
    positionInMs: z.number().int().nonnegative(),
    /** An imported channel's other streams (M3U alternates), tried in order when url fails. */
    alternateUrls: z.array(z.string()).optional(),
  }),
  drm: drmInfoSchema.nullable(),
  /** LIVE on a tstv=1 channel: the restart window anchored at the current programme's start; else null. */
  restartUrl: z.string().nullable(),
  heartbeatIntervalMs: z.number().int().positive(),
  /** ISO instant at which the session expires unless a heartbeat arrives. */
  expiresAt: z.string(),
  /**
   * The session's segment token, `{sid}.{exp}.{sig}`, valid about 60 s: segment, init and
   * thumbnail URLs read `/media/a/{token}/s/…`; each heartbeat answers a fresh one, which the
   * player puts in their place. Absent for external streams.
   */
  segmentToken: z.string().optional(),
});
export type OpenSessionResponse = z.infer<typeof openSessionResponseSchema>;

/** Path parameters of the session routes. */
export const sessionIdParamsSchema = z.object({ id: requestString().trim().min(1).max(64) });

/** Body of POST /api/v1/sessions/{id}/preload: the channels a live viewer may zap to next. */
export const preloadRequestSchema = z.object({ channelIds: z.array(idSchema).min(1).max(PRELOAD_MAX_CHANNELS) });
/** Answer of the preload route: signed live URLs of those the viewer may watch now. */
export const preloadResponseSchema = z.object({
  resources: z.array(z.object({ channelId: z.number().int(), url: z.string() })),
});
export type PreloadResponse = z.infer<typeof preloadResponseSchema>;

/** 200 answer of POST /api/v1/sessions/{id}/heartbeat. */
export const heartbeatResponseSchema = z.object({
  expiresAt: z.string(),
  /** A fresh segment token for the session (see openSessionResponseSchema); none for an external stream. */
  segmentToken: z.string().optional(),
});
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

/** Optional body of DELETE /api/v1/sessions/{id}: the position saved for keep-watching. */
export const closeSessionRequestSchema = z.object({ positionInMs: z.number().int().nonnegative().optional() });
export type CloseSessionRequest = z.infer<typeof closeSessionRequestSchema>;

/** An open stream of the account, as the settings list it (device, what it plays, since when). */
export const openStreamSchema = z.object({
  id: z.string(),
  /** 'Chrome · Windows', or '' when the device said nothing known. */
  device: z.string(),
  type: playbackTypeSchema,
  /** The channel (and its programme on air), the catch-up programme, the film or the episode. */
  title: z.string(),
  /** ISO instant the stream opened. */
  since: z.string(),
});
export type OpenStream = z.infer<typeof openStreamSchema>;
/** 200 answer of GET /api/v1/sessions: the account's open streams, oldest first. */
export const openStreamListSchema = z.object({ resources: z.array(openStreamSchema) });
export type OpenStreamList = z.infer<typeof openStreamListSchema>;

// ---------------------------------------------------------------- ClearKey licence

const base64url = requestString().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'kid debe ser base64url' });

/** Body the ClearKey CDM sends (W3C EME ClearKey license request). */
export const clearKeyLicenceRequestSchema = z.object({
  kids: z.array(base64url).min(1).max(16),
  type: z.literal('temporary'),
});
export type ClearKeyLicenceRequest = z.infer<typeof clearKeyLicenceRequestSchema>;

export const clearKeyLicenceResponseSchema = z.object({
  keys: z.array(z.object({ kty: z.literal('oct'), kid: z.string(), k: z.string() })),
  type: z.literal('temporary'),
});
export type ClearKeyLicenceResponse = z.infer<typeof clearKeyLicenceResponseSchema>;

// ---------------------------------------------------------------- diagnostics

/** A speed-test server of GET /media/diag.json: its group name, file key and base URL. */
export const diagServerSchema = z.object({ name: z.string(), fileKey: z.string(), baseUrl: z.string() });
/** GET /media/diag.json; the app then fetches {baseUrl}/{fileKey}?avoidcache={time} (a few MB) per server. */
export const diagResponseSchema = z.object({ groups: z.array(diagServerSchema) });
export type DiagResponse = z.infer<typeof diagResponseSchema>;

/**
 * Manifest test (/_test1234/): for each catch-up event the app fetches
 * `catchupTestManifestUrl(eventId)`; 200 with an MPD passes, anything else fails.
 */
export const catchupTestManifestUrl = (eventId: number | string): string =>
  `/media/catchup/${encodeURIComponent(String(eventId))}.smil/manifest.mpd?VOD`;

/**
 * GET /api/v1/sessions/{id}/drm (extension, docs/decisions.md): every licence server of a
 * session. ClearKey is always ours; Widevine and FairPlay exist only when configured, as
 * per-user URLs filled from templates (user id, auth string, stream name).
 */
export const drmSystemsResponseSchema = z.object({
  clearkey: z.string(),
  widevine: z.string().nullable(),
  fairplay: z.object({ licenseUrl: z.string(), certificateUrl: z.string().nullable() }).nullable(),
});
export type DrmSystemsResponse = z.infer<typeof drmSystemsResponseSchema>;
