import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@pantalla/contracts';
import { ApiError, createApiClient, type SessionBinding } from './api-client';

function userInfo(idToken: string): UserInfo {
  return {
    userId: 1,
    idToken,
    idTokenExpiration: 2_000_000_000,
    idTokenExpirationIso: '2033-05-18T03:33:20.000Z',
    refreshTokenExpiration: 2_000_000_000,
    refreshTokenExpirationIso: '2033-05-18T03:33:20.000Z',
    rememberMe: true,
    email: 'demo@pantalla.test',
    username: 'Demo',
    skin: { operator: 'Pantalla', provider: 'Pantalla Soporte', logos: [] },
    channelOrder: [],
    regionId: 1,
    profiles: [{ id: 1, isAdult: true, name: 'Default' }],
    json_file: 'u.json',
    hasPin: false,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unauthorized = () => json(401, { statusCode: 401, code: 'unauthorized', message: 'Token caducado' });

/** A fake server: /login refreshes to token "fresh"; /things answers 200 only to "fresh". */
function setup(options: { refreshStatus?: number } = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  let token: string | null = 'stale';
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    await Promise.resolve();
    if (url === '/api/v1/login') {
      if (options.refreshStatus)
        return json(options.refreshStatus, {
          statusCode: options.refreshStatus,
          code: 'unauthorized',
          message: 'No session',
        });
      return json(200, userInfo('fresh'));
    }
    const auth = (init.headers as Record<string, string>).authorization;
    return auth === 'Bearer fresh' ? json(200, { ok: true }) : unauthorized();
  });
  const binding: SessionBinding = {
    getIdToken: () => token,
    onRefreshed: vi.fn((info: UserInfo) => {
      token = info.idToken;
    }),
    onRefreshFailed: vi.fn(),
  };
  const client = createApiClient({ fetch: fetchFn as typeof fetch });
  client.bindSession(binding);
  return { client, calls, binding, fetchFn, setToken: (t: string | null) => (token = t) };
}

describe('api client', () => {
  it('sends JSON with the Bearer idToken under /api/v1', async () => {
    const { client, calls, setToken } = setup();
    setToken('fresh');
    await expect(client.post('/things', { a: 1 }, { query: { q: 'x y' } })).resolves.toEqual({ ok: true });
    expect(calls[0]!.url).toBe('/api/v1/things?q=x+y');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer fresh');
    expect(headers['content-type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"a":1}');
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('on 401 refreshes once through POST /login {flow: refresh}, then retries once', async () => {
    const { client, calls, binding } = setup();
    await expect(client.get('/things')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/things', '/api/v1/login', '/api/v1/things']);
    const refresh = calls[1]!;
    expect(refresh.init.method).toBe('POST');
    expect(refresh.init.body).toBe('{"flow":"refresh"}');
    expect(refresh.init.credentials).toBe('same-origin');
    expect((refresh.init.headers as Record<string, string>).authorization).toBeUndefined();
    expect(binding.onRefreshed).toHaveBeenCalledOnce();
  });

  it('shares one refresh among concurrent 401s', async () => {
    const { client, calls } = setup();
    await Promise.all([client.get('/things'), client.get('/things'), client.get('/things')]);
    expect(calls.filter((c) => c.url === '/api/v1/login')).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });

  it('retries only once: a second 401 is the caller’s error', async () => {
    const { client, calls, binding } = setup();
    (binding.onRefreshed as ReturnType<typeof vi.fn>).mockImplementation(() => {});
    const error = await client.get('/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls.filter((c) => c.url === '/api/v1/login')).toHaveLength(1);
    expect(calls).toHaveLength(3);
  });

  it('when the refresh is refused, reports it and fails with the original 401', async () => {
    const { client, calls, binding } = setup({ refreshStatus: 401 });
    const error = (await client.get('/things').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toBe('Token caducado');
    expect(binding.onRefreshFailed).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(2);
  });

  it('does not refresh for calls made without auth (login itself)', async () => {
    const { client, calls } = setup();
    await expect(client.get('/things', { auth: false })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(calls).toHaveLength(1);
  });

  it('parses JSON errors into ApiError with status, code, message and data', async () => {
    const fetchFn = vi.fn(async () =>
      json(429, {
        statusCode: 429,
        code: 'rate_limited',
        message: 'Demasiados intentos',
        data: { retryAfterSeconds: 60 },
      }),
    );
    const client = createApiClient({ fetch: fetchFn as typeof fetch });
    await expect(client.post('/login', {}, { auth: false })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Demasiados intentos',
      data: { retryAfterSeconds: 60 },
    });
  });

  it('turns a non-JSON error page into an ApiError of its status', async () => {
    const client = createApiClient({
      fetch: (async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })) as typeof fetch,
    });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 502, code: 'http_error', message: 'Bad Gateway' });
  });

  it('reports a network failure as status 0', async () => {
    const client = createApiClient({
      fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    });
    const error = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
  });

  it('passes the AbortSignal and rethrows the abort untouched', async () => {
    const controller = new AbortController();
    const fetchFn = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      expect(init?.signal).toBe(controller.signal);
      controller.abort();
      return Promise.reject(new DOMException('Aborted', 'AbortError'));
    });
    const client = createApiClient({ fetch: fetchFn as typeof fetch });
    const error = await client.get('/x', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });

  it('runs the refresh call inside the cross-tab lock', async () => {
    const order: string[] = [];
    const fetchFn = vi.fn(async () => {
      order.push('fetch');
      return json(200, userInfo('fresh'));
    });
    const client = createApiClient({
      fetch: fetchFn as typeof fetch,
      exclusive: async (fn) => {
        order.push('lock');
        const result = await fn();
        order.push('unlock');
        return result;
      },
    });
    await client.refresh();
    expect(order).toEqual(['lock', 'fetch', 'unlock']);
  });

  it('validates answers with a schema when given one', async () => {
    const { z } = await import('zod');
    const client = createApiClient({ fetch: (async () => json(200, { n: 'x' })) as typeof fetch });
    await expect(client.get('/x', { schema: z.object({ n: z.number() }) })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
