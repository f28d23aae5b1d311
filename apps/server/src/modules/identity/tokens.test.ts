import { describe, expect, it } from 'vitest';
import { signIdToken, verifyIdToken } from './tokens';

const secret = 'a-test-secret-that-is-long-enough-123456';
const claims = { sub: 7, email: 'a@b.c', ver: 0, iat: 1000, exp: 2000 };

describe('id tokens', () => {
  it('verifies what it signs until expiry', () => {
    const token = signIdToken(secret, claims);
    expect(verifyIdToken(secret, token, 1999)).toEqual({ ok: true, claims });
    expect(verifyIdToken(secret, token, 2000)).toEqual({ ok: false, reason: 'expired' });
  });
  it('refuses another secret, a changed payload and garbage', () => {
    const token = signIdToken(secret, claims);
    expect(verifyIdToken('another-secret-another-secret-another', token, 1500)).toMatchObject({
      ok: false,
      reason: 'signature',
    });
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 8 })).toString('base64url')}.${s}`;
    expect(verifyIdToken(secret, forged, 1500)).toMatchObject({ ok: false, reason: 'signature' });
    expect(verifyIdToken(secret, 'x.y', 1500)).toMatchObject({ ok: false, reason: 'malformed' });
    expect(verifyIdToken(secret, '', 1500)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
