import { describe, expect, it } from 'vitest';
import { checkFormToken, FORM_TOKEN_MAX_AGE_MS, signFormToken } from './form-token';

const SECRET = 'form-token-secret-form-token-secret-0123';

describe('registration form token', () => {
  const t0 = Date.UTC(2026, 0, 10, 9, 0, 0);
  const token = signFormToken(SECRET, t0);

  it('is fine once the minimum fill time has passed, and for a day', () => {
    expect(checkFormToken(SECRET, token, t0 + 2999, 3000)).toBe('too-fast');
    expect(checkFormToken(SECRET, token, t0 + 3000, 3000)).toBe('ok');
    expect(checkFormToken(SECRET, token, t0 + FORM_TOKEN_MAX_AGE_MS, 3000)).toBe('ok');
    expect(checkFormToken(SECRET, token, t0 + FORM_TOKEN_MAX_AGE_MS + 1, 3000)).toBe('invalid');
  });

  it('refuses another secret, an edited time, garbage and tokens from the future', () => {
    expect(checkFormToken('another-secret-another-secret-another-0', token, t0 + 5000, 0)).toBe('invalid');
    expect(checkFormToken(SECRET, token.replace(/^\d+/, String(t0 - 10_000)), t0 + 5000, 3000)).toBe('invalid');
    for (const bad of ['', 'x', `${t0}.`, `${t0}.${'a'.repeat(43)}`, `${t0}.${'a'.repeat(44)}`])
      expect(checkFormToken(SECRET, bad, t0 + 5000, 0)).toBe('invalid');
    expect(checkFormToken(SECRET, signFormToken(SECRET, t0 + 120_000), t0, 0)).toBe('invalid');
  });

  it('gives two forms opened in the same millisecond tokens of their own (a token makes one account)', () => {
    const [a, b] = [signFormToken(SECRET, t0), signFormToken(SECRET, t0)];
    expect(a).not.toBe(b);
    expect([checkFormToken(SECRET, a, t0 + 5000, 3000), checkFormToken(SECRET, b, t0 + 5000, 3000)]).toEqual([
      'ok',
      'ok',
    ]);
    // The nonce is signed: swapping another token's in breaks the signature.
    const [, nonceB] = b.split('.');
    expect(checkFormToken(SECRET, a.replace(/\.[\w-]{16}\./, `.${nonceB}.`), t0 + 5000, 0)).toBe('invalid');
  });
});
