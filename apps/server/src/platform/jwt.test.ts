import { describe, expect, it } from 'vitest';
import { readJwt, signJwt } from './jwt';

const isNamed = (v: unknown): v is { name: string } =>
  typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string';

describe('HS256 tokens', () => {
  it('reads back what it signed, with the same key only', () => {
    const token = signJwt('k1', { name: 'Ana' });
    expect(readJwt('k1', token, isNamed)).toEqual({ ok: true, claims: { name: 'Ana' } });
    expect(readJwt('k2', token, isNamed)).toEqual({ ok: false, reason: 'signature' });
    expect(readJwt(Buffer.from('k1'), token, isNamed)).toEqual({ ok: true, claims: { name: 'Ana' } });
  });

  it('refuses a changed payload, odd shapes and claims the caller does not accept', () => {
    const [header, , sig] = signJwt('k', { name: 'Ana' }).split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ name: 'Eva' })).toString('base64url')}.${sig}`;
    expect(readJwt('k', forged, isNamed)).toEqual({ ok: false, reason: 'signature' });
    for (const odd of ['', 'a.b', 'a.b.c.d', `x.${sig}.${sig}`])
      expect(readJwt('k', odd, isNamed)).toEqual({ ok: false, reason: 'malformed' });
    expect(readJwt('k', signJwt('k', { other: 1 }), isNamed)).toEqual({ ok: false, reason: 'malformed' });
    const notJson = `${header}.${Buffer.from('{').toString('base64url')}`;
    const signed = signJwt('k', {}).split('.');
    expect(readJwt('k', `${notJson}.${signed[2]}`, isNamed).ok).toBe(false);
  });
});
