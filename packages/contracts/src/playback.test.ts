import { describe, expect, it } from 'vitest';
import {
  clearKeyLicenceRequestSchema,
  closeSessionRequestSchema,
  openSessionRequestSchema,
  openSessionResponseSchema,
} from './playback';

const body = {
  reference: { serviceName: 'pantalla-web', type: 'LIVE', id: '1' },
  streamingProtocol: 'DASH',
  profileId: 0,
  deviceFingerprint: 'abc',
};

describe('playback schemas', () => {
  it('accept the agreed session request and answer', () => {
    expect(openSessionRequestSchema.parse(body)).toEqual(body);
    const answer = {
      id: 's1',
      playInfo: { url: '/media/live/1/premium/manifest.mpd?jwt=x', positionInMs: 0 },
      drm: { keySystem: 'org.w3.clearkey', licenseUrl: '/api/v1/drm/clearkey/s1' },
      restartUrl: null,
      heartbeatIntervalMs: 30000,
      expiresAt: '2026-11-22T12:00:00.000Z',
    };
    expect(openSessionResponseSchema.parse(answer)).toEqual(answer);
    expect(openSessionResponseSchema.parse({ ...answer, drm: null }).drm).toBeNull();
  });

  it('refuse malformed sessions', () => {
    for (const bad of [
      { ...body, reference: { ...body.reference, type: 'RADIO' } },
      { ...body, reference: { ...body.reference, id: '' } },
      { ...body, streamingProtocol: 'RTMP' },
      { ...body, profileId: -1 },
      { ...body, profileId: 1.5 },
      { ...body, deviceFingerprint: '' },
      { reference: body.reference },
    ]) {
      expect(openSessionRequestSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(closeSessionRequestSchema.safeParse({ positionInMs: -1 }).success).toBe(false);
    expect(closeSessionRequestSchema.parse({})).toEqual({});
  });

  it('take ClearKey licence requests with base64url key ids only', () => {
    expect(
      clearKeyLicenceRequestSchema.parse({ kids: ['0G2oYMa82DuUAUYt4o-kxA'], type: 'temporary' }).kids,
    ).toHaveLength(1);
    expect(
      clearKeyLicenceRequestSchema.safeParse({ kids: ['0G2oYMa82DuUAUYt4o+kxA=='], type: 'temporary' }).success,
    ).toBe(false);
    expect(clearKeyLicenceRequestSchema.safeParse({ kids: [], type: 'temporary' }).success).toBe(false);
    expect(
      clearKeyLicenceRequestSchema.safeParse({ kids: ['0G2oYMa82DuUAUYt4o-kxA'], type: 'persistent-license' }).success,
    ).toBe(false);
  });
});
