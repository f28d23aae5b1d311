import { describe, expect, it } from 'vitest';
import {
  playbackSigningKey,
  playbackUrl,
  qualityOf,
  signPlaybackToken,
  verifyPlaybackUrl,
  type PlaybackClaims,
} from './signed-url';

const key = playbackSigningKey('test-secret-test-secret-test-secret-0123');
const claims: PlaybackClaims = {
  sub: 7,
  sid: 'abc',
  kind: 'live',
  id: 12,
  q: 'premium',
  model: 'web',
  type: '300',
  op: 'Pantalla',
  exp: 2_000_000_000,
};
const template =
  '{base}/media/{kind}/{id}/{quality}/manifest.mpd?jwt={jwt}&user={user}&model={model}&type={type}&operator={operator}';

function requestOf(url: string) {
  const u = new URL(url);
  const [, , kind, id, quality] = u.pathname.split('/');
  return {
    kind: kind as PlaybackClaims['kind'],
    id: Number(id),
    quality: quality as string,
    query: Object.fromEntries(u.searchParams),
  };
}

describe('signed playback URLs', () => {
  const url = playbackUrl(template, 'https://cdn.example', claims, signPlaybackToken(key, claims));

  it('fills the template with channel id and quality (premium for live, HD otherwise)', () => {
    expect(url).toMatch(
      /^https:\/\/cdn\.example\/media\/live\/12\/premium\/manifest\.mpd\?jwt=[\w-]+\.[\w-]+\.[\w-]+&user=7&model=web&type=300&operator=Pantalla$/,
    );
    expect(qualityOf('live')).toBe('premium');
    expect(qualityOf('restart')).toBe('premium');
    expect(qualityOf('vod')).toBe('hd');
    expect(qualityOf('catchup')).toBe('hd');
  });

  it('verifies until the expiry and refuses from it on', () => {
    expect(verifyPlaybackUrl(key, requestOf(url), claims.exp * 1000 - 1)).toEqual({ ok: true, claims });
    expect(verifyPlaybackUrl(key, requestOf(url), claims.exp * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses any change to the path, the parameters or the token', () => {
    const now = 1_000_000_000_000;
    const r = requestOf(url);
    expect(verifyPlaybackUrl(key, { ...r, id: 13 }, now)).toMatchObject({ reason: 'mismatch' });
    expect(verifyPlaybackUrl(key, { ...r, kind: 'vod' }, now)).toMatchObject({ reason: 'mismatch' });
    expect(verifyPlaybackUrl(key, { ...r, quality: 'hd' }, now)).toMatchObject({ reason: 'mismatch' });
    for (const param of ['user', 'model', 'type', 'operator'] as const) {
      expect(verifyPlaybackUrl(key, { ...r, query: { ...r.query, [param]: 'x' } }, now)).toMatchObject({
        reason: 'mismatch',
      });
    }
    const [h, p, s] = r.query.jwt!.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: 9_999_999_999 })).toString('base64url');
    expect(verifyPlaybackUrl(key, { ...r, query: { ...r.query, jwt: `${h}.${forged}.${s}` } }, now)).toMatchObject({
      reason: 'signature',
    });
    expect(verifyPlaybackUrl(key, { ...r, query: { ...r.query, jwt: `${h}.${p}` } }, now)).toMatchObject({
      reason: 'malformed',
    });
    expect(verifyPlaybackUrl(key, { ...r, query: { ...r.query, jwt: undefined } }, now)).toMatchObject({
      reason: 'missing',
    });
    expect(verifyPlaybackUrl(playbackSigningKey('another-secret-another-secret-0123456'), r, now)).toMatchObject({
      reason: 'signature',
    });
  });
});
