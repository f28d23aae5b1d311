import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@pantalla/contracts';
import { ApiError, type ApiClient, type SessionBinding } from '../../../lib/api-client';
import { writeUserInfoCookie, type CookieJar } from '../../../lib/user-info-cookie';
import { createSessionStore, refreshDelayMs } from './session-store';

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (iat: number, exp: number) => `${b64url({ alg: 'HS256' })}.${b64url({ sub: 1, iat, exp })}.sig`;

function userInfo(idToken = jwt(0, 86_400), rememberMe = true): UserInfo {
  return {
    userId: 1,
    idToken,
    idTokenExpiration: 86_400,
    idTokenExpirationIso: '',
    refreshTokenExpiration: 0,
    refreshTokenExpirationIso: '',
    rememberMe,
    email: 'demo@pantalla.test',
    username: 'Demo',
    skin: { operator: 'Pantalla', provider: 'Soporte', logos: [] },
    channelOrder: [3, 1, 2],
    regionId: 7,
    profiles: [{ id: 1, isAdult: true, name: 'Default' }],
    json_file: 'u.json',
    hasPin: false,
  };
}

function setup(refresh: () => Promise<UserInfo>) {
  let binding: SessionBinding | null = null;
  const post = vi.fn(async () => undefined);
  const api = {
    bindSession: (b: SessionBinding | null) => (binding = b),
    refresh: vi.fn(async () => {
      try {
        const info = await refresh();
        binding?.onRefreshed(info);
        return info;
      } catch (error) {
        if (error instanceof ApiError && error.status !== 0) binding?.onRefreshFailed(error);
        throw error;
      }
    }),
    post,
  } as unknown as ApiClient;
  const cookies: string[] = [];
  const jar: CookieJar = { read: () => cookies.map((c) => c.split(';')[0]).join('; '), write: (c) => cookies.push(c) };
  const timers: { fn: () => void; ms: number }[] = [];
  const clearCache = vi.fn();
  const store = createSessionStore({
    api,
    jar,
    clearCache,
    now: () => 0,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
  });
  return { store, api, cookies, jar, timers, clearCache, post, getBinding: () => binding! };
}

const refused = () => Promise.reject(new ApiError(401, 'unauthorized', 'no'));

describe('session store', () => {
  it('starts as none', () => {
    const { store } = setup(refused);
    expect(store.getState()).toMatchObject({ status: 'none', restoring: false, userInfo: null });
  });

  it('boot: none → authenticated when the refresh cookie is valid', async () => {
    const { store, cookies, jar } = setup(async () => userInfo());
    writeUserInfoCookie(userInfo(), { persistent: true, jar });
    const seen: string[] = [];
    store.subscribe(() => seen.push(`${store.getState().status}/${store.getState().restoring}`));
    await store.restore();
    expect(seen[0]).toBe('none/true');
    expect(store.getState()).toMatchObject({ status: 'authenticated', restoring: false });
    expect(store.getState().userInfo?.email).toBe('demo@pantalla.test');
    expect(cookies.some((c) => c.startsWith('pantalla_ui.0='))).toBe(true);
  });

  it('boot: a refused refresh stays none and clears the user-info cookie; restores only once', async () => {
    const { store, api, jar, cookies } = setup(refused);
    writeUserInfoCookie(userInfo(), { persistent: true, jar });
    await Promise.all([store.restore(), store.restore()]);
    await store.restore();
    expect(store.getState()).toMatchObject({ status: 'none', restoring: false });
    expect(api.refresh).toHaveBeenCalledOnce();
    expect(cookies.at(-1)).toMatch(/^pantalla_ui\.0=; .*Max-Age=0/);
  });

  it('boot: without a user-info cookie, or with an irregular one, there is nothing to restore', async () => {
    const bare = setup(async () => userInfo());
    await bare.store.restore();
    expect(bare.api.refresh).not.toHaveBeenCalled();
    expect(bare.store.getState()).toMatchObject({ status: 'none', restoring: false });
    const odd = setup(async () => userInfo());
    odd.jar.write('pantalla_ui.0=%7B%22idToken%22%3A%22x%22%7D');
    await odd.store.restore();
    expect(odd.api.refresh).not.toHaveBeenCalled();
  });

  it('login: the token is usable while profiles load, then authenticated', () => {
    const { store, getBinding } = setup(refused);
    store.beginLogin('pending-token');
    expect(getBinding().getIdToken()).toBe('pending-token');
    expect(store.getState().status).toBe('none');
    store.authenticate(userInfo('final'));
    expect(getBinding().getIdToken()).toBe('final');
    expect(store.getState().status).toBe('authenticated');
  });

  it('abortLogin forgets the pending token', () => {
    const { store, getBinding } = setup(refused);
    store.beginLogin('pending-token');
    store.abortLogin();
    expect(getBinding().getIdToken()).toBeNull();
  });

  it('logout: calls POST /logout, then reset clears cookie, cache and token', async () => {
    const { store, post, clearCache, cookies, getBinding } = setup(refused);
    store.authenticate(userInfo());
    await store.logout();
    expect(post).toHaveBeenCalledWith('/logout', undefined, { auth: true });
    expect(store.getState()).toMatchObject({ status: 'reset', userInfo: null, resetReason: 'logout' });
    expect(clearCache).toHaveBeenCalledOnce();
    expect(cookies.at(-1)).toMatch(/^pantalla_ui\.0=; .*Max-Age=0/);
    expect(getBinding().getIdToken()).toBeNull();
  });

  it('logout still resets when the server call fails', async () => {
    const { store, post } = setup(refused);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    post.mockRejectedValueOnce(new ApiError(0, 'network_error', 'offline'));
    store.authenticate(userInfo());
    await store.logout();
    expect(store.getState().status).toBe('reset');
  });

  it('a refused refresh while authenticated resets with reason expired', () => {
    const { store, getBinding } = setup(refused);
    store.authenticate(userInfo());
    getBinding().onRefreshFailed(new ApiError(401, 'unauthorized', 'revoked'));
    expect(store.getState()).toMatchObject({ status: 'reset', resetReason: 'expired' });
  });

  it('schedules the refresh one hour before expiry and takes the new token', async () => {
    const { store, timers, api, getBinding } = setup(async () => userInfo(jwt(100, 100 + 86_400)));
    store.authenticate(userInfo(jwt(0, 86_400)));
    expect(timers.at(-1)!.ms).toBe((86_400 - 3600) * 1000);
    timers.at(-1)!.fn();
    await vi.waitFor(() => expect(api.refresh).toHaveBeenCalledOnce());
    expect(getBinding().getIdToken()).toBe(jwt(100, 100 + 86_400));
    expect(timers).toHaveLength(2);
  });

  it('a network failure of the timed refresh is logged and retried later', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, timers } = setup(() => Promise.reject(new ApiError(0, 'network_error', 'offline')));
    store.authenticate(userInfo());
    timers.at(-1)!.fn();
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    expect(warn).toHaveBeenCalled();
    expect(store.getState().status).toBe('authenticated');
  });

  it('writes a session cookie without remember-me and a 60-day one with it', () => {
    const a = setup(refused);
    a.store.authenticate(userInfo(undefined, false));
    expect(a.cookies[0]).not.toContain('Max-Age');
    const b = setup(refused);
    b.store.authenticate(userInfo(undefined, true));
    expect(b.cookies[0]).toContain('Max-Age=5184000');
  });
});

describe('refreshDelayMs', () => {
  it('refreshes one hour before expiry for a long-lived token, whatever the device clock says', () => {
    expect(refreshDelayMs({ idToken: jwt(1000, 1000 + 86_400), idTokenExpiration: 1000 + 86_400 }, 9e12)).toBe(
      82_800_000,
    );
  });

  it('refreshes a short-lived token at half its life instead of at once', () => {
    expect(refreshDelayMs({ idToken: jwt(0, 900), idTokenExpiration: 900 }, 0)).toBe(450_000);
  });

  it('falls back to the expiration field for an opaque token, never below 5 s', () => {
    expect(refreshDelayMs({ idToken: 'opaque', idTokenExpiration: 7200 }, 0)).toBe(3_600_000);
    expect(refreshDelayMs({ idToken: 'opaque', idTokenExpiration: 1 }, 10_000)).toBe(5_000);
  });

  it('never exceeds what setTimeout can wait', () => {
    expect(refreshDelayMs({ idToken: 'opaque', idTokenExpiration: 4_000_000_000 }, 0)).toBe(2_147_483_647);
  });
});
