import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_SIZE,
  MAX_AGE_SECONDS,
  clearUserInfoCookie,
  readUserInfoCookie,
  writeUserInfoCookie,
  type CookieJar,
  type StoredUserInfo,
} from './user-info-cookie';

/** A jar that behaves like document.cookie: writes set or delete one name. */
function fakeJar() {
  const values = new Map<string, string>();
  const writes: string[] = [];
  const jar: CookieJar = {
    read: () => [...values].map(([k, v]) => `${k}=${v}`).join('; '),
    write(cookie) {
      writes.push(cookie);
      const [pair, ...attrs] = cookie.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      if (attrs.some((a) => a === 'Max-Age=0')) values.delete(name);
      else values.set(name, pair!.slice(eq + 1));
    },
  };
  return { jar, values, writes };
}

const info: StoredUserInfo = {
  email: 'demo@pantalla.test',
  username: 'Demo',
  regionId: 1,
  channelOrder: [1, 2, 3],
  skin: { operator: 'Pantalla', provider: 'Pantalla Soporte', logos: [{ type: 3002, url: '/logo.svg' }] },
  json_file: 'user-1.json',
};

afterEach(() => vi.restoreAllMocks());

describe('user info cookie', () => {
  it('round-trips small info in one Secure, SameSite=Strict chunk of 60 days', () => {
    const { jar, writes } = fakeJar();
    writeUserInfoCookie(info, { persistent: true, jar });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^pantalla_ui\.0=/);
    expect(writes[0]).toContain('; Secure; SameSite=Strict');
    expect(writes[0]).toContain(`Max-Age=${MAX_AGE_SECONDS}`);
    expect(MAX_AGE_SECONDS).toBe(5_184_000);
    expect(readUserInfoCookie(jar)).toEqual(info);
  });

  it('writes a session cookie without remember-me', () => {
    const { jar, writes } = fakeJar();
    writeUserInfoCookie(info, { persistent: false, jar });
    expect(writes[0]).not.toContain('Max-Age');
  });

  it('splits over 2000 bytes across two cookies without a warning up to 4000', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { jar, values } = fakeJar();
    const big = { ...info, channelOrder: Array.from({ length: 500 }, (_, i) => 1000 + i) };
    writeUserInfoCookie(big, { persistent: true, jar });
    expect(values.size).toBe(2);
    expect(values.get('pantalla_ui.0')).toHaveLength(CHUNK_SIZE);
    expect(warn).not.toHaveBeenCalled();
    expect(readUserInfoCookie(jar)).toEqual(big);
  });

  it('warns above 4000 bytes and still round-trips', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { jar, values } = fakeJar();
    const huge = { ...info, channelOrder: Array.from({ length: 1000 }, (_, i) => 10000 + i) };
    writeUserInfoCookie(huge, { persistent: true, jar });
    expect(warn).toHaveBeenCalledOnce();
    expect(values.size).toBeGreaterThan(2);
    expect(readUserInfoCookie(jar)).toEqual(huge);
  });

  it('removes stale chunks when the info shrinks', () => {
    const { jar, values } = fakeJar();
    writeUserInfoCookie(
      { ...info, channelOrder: Array.from({ length: 500 }, (_, i) => 1000 + i) },
      { persistent: true, jar },
    );
    writeUserInfoCookie(info, { persistent: true, jar });
    expect([...values.keys()]).toEqual(['pantalla_ui.0']);
    expect(readUserInfoCookie(jar)).toEqual(info);
  });

  it('never stores secrets, even when handed them', () => {
    const { jar, writes } = fakeJar();
    const withSecrets = {
      ...info,
      idToken: 'eyJ.secret',
      refreshToken: 'rt',
      hashedLoginPassword: 'abc',
      pinparental: '1234',
    };
    writeUserInfoCookie(withSecrets, { persistent: true, jar });
    const stored = decodeURIComponent(writes.join(''));
    for (const secret of ['eyJ.secret', 'refreshToken', 'hashedLoginPassword', 'pinparental', '1234'])
      expect(stored).not.toContain(secret);
  });

  it.each([
    ['missing', ''],
    ['not JSON', 'pantalla_ui.0=%7Bnot-json'],
    ['bad percent-encoding', 'pantalla_ui.0=%E0%A4%A'],
    ['wrong shape', `pantalla_ui.0=${encodeURIComponent(JSON.stringify({ email: 1 }))}`],
    ['extra secret field', `pantalla_ui.0=${encodeURIComponent(JSON.stringify({ ...info, idToken: 'x' }))}`],
    ['a gap between chunks', `pantalla_ui.1=${encodeURIComponent(JSON.stringify(info))}`],
    ['a truncated second chunk', `pantalla_ui.0=${encodeURIComponent(JSON.stringify(info)).slice(0, 20)}`],
  ])('ignores irregular data: %s', (_name, cookie) => {
    const jar: CookieJar = { read: () => cookie, write: () => {} };
    expect(readUserInfoCookie(jar)).toBeNull();
  });

  it('clears every chunk', () => {
    const { jar, values } = fakeJar();
    writeUserInfoCookie(
      { ...info, channelOrder: Array.from({ length: 500 }, (_, i) => 1000 + i) },
      { persistent: true, jar },
    );
    clearUserInfoCookie(jar);
    expect(values.size).toBe(0);
    expect(readUserInfoCookie(jar)).toBeNull();
  });
});
