import { PLAYER } from './constants';

/** The DRM types of the accounts spec: 1 on Safari (FairPlay), 2 otherwise (Widevine). */
export type DrmType = 1 | 2;

/** The spec's rule, from the user agent: Safari (not Chrome-based) is type 1. */
export function drmTypeOf(userAgent: string): DrmType {
  const safari = /Safari\//.test(userAgent) && !/(Chrome|Chromium|CriOS|Edg|OPR|Android)\//.test(userAgent);
  return safari ? 1 : 2;
}

/** Licence servers a deployment may configure besides our ClearKey server. */
export interface DrmDeployment {
  widevineLicenseUrl?: string;
  fairplayLicenseUrl?: string;
  fairplayCertificateUrl?: string;
}

/** What the session answer says about keys (null: a clear external source). */
export interface SessionDrm {
  keySystem: 'org.w3.clearkey';
  licenseUrl: string;
}

export type ShakaDrmConfig = {
  servers: Record<string, string>;
  advanced?: Record<string, { videoRobustness?: string[]; audioRobustness?: string[]; serverCertificateUri?: string }>;
  preferredKeySystems?: string[];
};

/**
 * The key systems Shaka may use: our ClearKey server when the session names it, and the
 * deployment's Widevine (type 2) or FairPlay (type 1) server when configured.
 */
export function drmConfig(drm: SessionDrm | null, drmType: DrmType, deployment: DrmDeployment = {}): ShakaDrmConfig {
  const servers: Record<string, string> = {};
  const advanced: NonNullable<ShakaDrmConfig['advanced']> = {};
  if (drm) servers[drm.keySystem] = drm.licenseUrl;
  if (drmType === 2 && deployment.widevineLicenseUrl) {
    servers['com.widevine.alpha'] = deployment.widevineLicenseUrl;
    advanced['com.widevine.alpha'] = {
      videoRobustness: [PLAYER.widevineRobustness],
      audioRobustness: [PLAYER.widevineRobustness],
    };
  }
  if (drmType === 1 && deployment.fairplayLicenseUrl) {
    servers['com.apple.fps'] = deployment.fairplayLicenseUrl;
    if (deployment.fairplayCertificateUrl)
      advanced['com.apple.fps'] = { serverCertificateUri: deployment.fairplayCertificateUrl };
  }
  return Object.keys(advanced).length > 0 ? { servers, advanced } : { servers };
}

/** Our configuration: the spec's constants on top of Shaka's defaults. */
export function playerConfig(drm: ShakaDrmConfig) {
  return {
    drm: { ...drm, retryParameters: { ...PLAYER.retry } },
    manifest: { retryParameters: { ...PLAYER.retry }, dash: { initialSegmentLimit: PLAYER.initialSegmentLimit } },
    streaming: {
      retryParameters: { ...PLAYER.retry },
      bufferingGoal: PLAYER.bufferingGoalSeconds,
      rebufferingGoal: PLAYER.rebufferingGoalSeconds,
      stallEnabled: true,
      stallThreshold: PLAYER.stallThresholdSeconds,
      stallSkip: PLAYER.stallSkipSeconds,
    },
    preferredVideo: [{ codec: PLAYER.preferredVideoCodec }],
  };
}

/** The deployment's DRM servers from the build's environment (none by default). */
export function deploymentDrm(env: Record<string, unknown>): DrmDeployment {
  const text = (key: string) => (typeof env[key] === 'string' && env[key] !== '' ? (env[key] as string) : undefined);
  return {
    widevineLicenseUrl: text('VITE_WIDEVINE_LICENSE_URL'),
    fairplayLicenseUrl: text('VITE_FAIRPLAY_LICENSE_URL'),
    fairplayCertificateUrl: text('VITE_FAIRPLAY_CERTIFICATE_URL'),
  };
}
