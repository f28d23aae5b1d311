import { describe, expect, it } from 'vitest';
import { assertHex128, base64UrlToHex, deriveContentKey, deriveContentKeys, hexToBase64Url, kidToUuid } from './keys';

const secret = 'a-long-enough-install-secret';

describe('deriveContentKey', () => {
  it('is deterministic per secret and package, 128-bit hex', () => {
    const a = deriveContentKey(secret, 'clip-1');
    expect(a).toEqual(deriveContentKey(secret, 'clip-1'));
    expect(a.kid).toMatch(/^[0-9a-f]{32}$/);
    expect(a.key).toMatch(/^[0-9a-f]{32}$/);
    expect(a.kid).not.toBe(a.key);
  });

  it('differs across packages and secrets', () => {
    const a = deriveContentKey(secret, 'clip-1');
    expect(deriveContentKey(secret, 'clip-2').key).not.toBe(a.key);
    expect(deriveContentKey(`${secret}!`, 'clip-1').key).not.toBe(a.key);
  });

  it('refuses a short secret', () => {
    expect(() => deriveContentKey('short', 'clip-1')).toThrow(/secret/);
  });

  it('maps every package id', () => {
    expect(Object.keys(deriveContentKeys(secret, ['clip-1', 'clip-2']))).toEqual(['clip-1', 'clip-2']);
  });
});

describe('formats', () => {
  it('writes a kid as a UUID', () => {
    expect(kidToUuid('0123456789ABCDEF0123456789abcdef')).toBe('01234567-89ab-cdef-0123-456789abcdef');
  });

  it('round-trips base64url as ClearKey JSON uses it', () => {
    const hex = '0123456789abcdef0123456789abcdef';
    expect(hexToBase64Url(hex)).toBe('ASNFZ4mrze8BI0VniavN7w');
    expect(base64UrlToHex(hexToBase64Url(hex))).toBe(hex);
  });

  it('validates 128-bit hex', () => {
    expect(() => assertHex128('0'.repeat(31), 'kid')).toThrow(/kid/);
    expect(() => assertHex128('g'.repeat(32), 'key')).toThrow(/key/);
    expect(() => assertHex128('0'.repeat(32), 'kid')).not.toThrow();
  });
});
