import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot, type Config } from '../../platform/config';

/*
 * The origin's and the playback services' own settings, read from the environment beside
 * the platform's Config (see README, "Configuration").
 */
const envSchema = z.object({
  /** Prepared demo media; shared by every data folder, since it only depends on the key secret. */
  MEDIA_DIR: z.string().default(path.join(repoRoot, 'data/media')),
  /** Secret the content keys derive from; else one made once in MEDIA_DIR. */
  MEDIA_KEY_SECRET: z.string().min(16).optional(),
  /** Skip packaging at start (API tests, or an origin without demo media). */
  MEDIA_PREPARE: z.enum(['0', '1']).default('1'),
  /** Extra origins allowed to fetch manifests and segments (comma-separated); the app's own always is. */
  MEDIA_CORS_ORIGINS: z.string().default(''),
  /** Playback URL template: {base} {kind} {id} {quality} {jwt} {user} {model} {type} {operator}. */
  PLAYBACK_URL_TEMPLATE: z.string().default('{base}/media/{kind}/{id}/{quality}/manifest.mpd?jwt={jwt}&user={user}&model={model}&type={type}&operator={operator}'),
  /** Base URL of the origin in playback URLs and diag.json (a CDN in front of it); default PUBLIC_URL. */
  MEDIA_BASE_URL: z.url().optional(),
  /** Widevine and FairPlay licence URL templates: {userId} {auth} {stream}; unset = not offered. */
  DRM_WIDEVINE_LICENSE_TEMPLATE: z.string().optional(),
  DRM_FAIRPLAY_LICENSE_TEMPLATE: z.string().optional(),
  DRM_FAIRPLAY_CERTIFICATE_URL: z.string().optional(),
});

/** Origin and playback settings. */
export interface MediaConfig {
  mediaDir: string;
  keySecret: string;
  prepare: boolean;
  corsOrigins: ReadonlySet<string>;
  urlTemplate: string;
  baseUrl: string;
  widevineTemplate: string | undefined;
  fairplayTemplate: string | undefined;
  fairplayCertificateUrl: string | undefined;
}

/** The key secret survives restarts: from MEDIA_KEY_SECRET, else a file made once (never served). */
function loadKeySecret(mediaDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(mediaDir, '.key-secret');
  mkdirSync(mediaDir, { recursive: true });
  try {
    // 'wx': two processes starting at once agree on whichever file was written first.
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

const cache = new WeakMap<Config, MediaConfig>();

/** Reads and validates the media settings once per Config. */
export function mediaConfig(config: Config, env: NodeJS.ProcessEnv = process.env): MediaConfig {
  const existing = cache.get(config);
  if (existing) return existing;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid media configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  const baseUrl = (e.MEDIA_BASE_URL ?? config.publicUrl).replace(/\/$/, '');
  const origins = e.MEDIA_CORS_ORIGINS.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean);
  const result: MediaConfig = {
    mediaDir: e.MEDIA_DIR,
    keySecret: loadKeySecret(e.MEDIA_DIR, e.MEDIA_KEY_SECRET),
    prepare: e.MEDIA_PREPARE === '1',
    corsOrigins: new Set([new URL(config.publicUrl).origin, ...origins]),
    urlTemplate: e.PLAYBACK_URL_TEMPLATE,
    baseUrl,
    widevineTemplate: e.DRM_WIDEVINE_LICENSE_TEMPLATE,
    fairplayTemplate: e.DRM_FAIRPLAY_LICENSE_TEMPLATE,
    fairplayCertificateUrl: e.DRM_FAIRPLAY_CERTIFICATE_URL,
  };
  cache.set(config, result);
  return result;
}
