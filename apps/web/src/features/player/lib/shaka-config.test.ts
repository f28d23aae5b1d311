import { describe, expect, it } from 'vitest';
import { deploymentDrm, drmConfig, drmTypeOf, playerConfig } from './shaka-config';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

describe('Shaka configuration', () => {
  it('carries the spec constants', () => {
    const config = playerConfig({ servers: {} });
    const retry = { maxAttempts: 2, baseDelay: 1000, backoffFactor: 2, fuzzFactor: 0.5, timeout: 20_000 };
    expect(config.streaming).toMatchObject({
      retryParameters: retry,
      bufferingGoal: 3,
      rebufferingGoal: 1,
      stallThreshold: 1,
      stallSkip: 0.3,
    });
    expect(config.manifest).toEqual({ retryParameters: retry, dash: { initialSegmentLimit: 3600 } });
    expect(config.drm.retryParameters).toEqual(retry);
    expect(config.preferredVideo).toEqual([{ codec: 'avc1' }]);
  });
  it('uses DRM type 1 on Safari, 2 elsewhere', () => {
    expect(drmTypeOf(SAFARI)).toBe(1);
    expect(drmTypeOf(CHROME)).toBe(2);
    expect(drmTypeOf(FIREFOX)).toBe(2);
  });
  it('uses our ClearKey server, and Widevine or FairPlay when configured', () => {
    const clearKey = { keySystem: 'org.w3.clearkey' as const, licenseUrl: '/api/v1/drm/clearkey/s1' };
    expect(drmConfig(clearKey, 2)).toEqual({ servers: { 'org.w3.clearkey': '/api/v1/drm/clearkey/s1' } });
    expect(drmConfig(null, 2)).toEqual({ servers: {} });
    const deployment = {
      widevineLicenseUrl: 'https://wv',
      fairplayLicenseUrl: 'https://fp',
      fairplayCertificateUrl: 'https://fp/cert',
    };
    expect(drmConfig(clearKey, 2, deployment)).toEqual({
      servers: { 'org.w3.clearkey': '/api/v1/drm/clearkey/s1', 'com.widevine.alpha': 'https://wv' },
      advanced: {
        'com.widevine.alpha': { videoRobustness: ['SW_SECURE_CRYPTO'], audioRobustness: ['SW_SECURE_CRYPTO'] },
      },
    });
    expect(drmConfig(null, 1, deployment)).toEqual({
      servers: { 'com.apple.fps': 'https://fp' },
      advanced: { 'com.apple.fps': { serverCertificateUri: 'https://fp/cert' } },
    });
  });
  it('reads the deployment servers from the environment', () => {
    expect(deploymentDrm({ VITE_WIDEVINE_LICENSE_URL: 'https://wv', VITE_FAIRPLAY_LICENSE_URL: '' })).toEqual({
      widevineLicenseUrl: 'https://wv',
      fairplayLicenseUrl: undefined,
      fairplayCertificateUrl: undefined,
    });
  });
});
