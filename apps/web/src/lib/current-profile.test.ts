import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { PROFILE_HEADER, currentProfile } from './current-profile';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const kids = {
  email: 'demo@pantalla.test',
  id: 7,
  name: 'Peques',
  avatar: 'gato',
  kind: 'kids' as const,
  token: 'a.b.c',
};

describe('current profile (issue 30)', () => {
  afterEach(() => currentProfile.set(null));

  it('is remembered per account on the device', () => {
    currentProfile.set(kids);
    expect(JSON.parse(localStorage.getItem('pantalla.profile') ?? 'null')).toMatchObject({ id: 7 });
    expect(currentProfile.of('demo@pantalla.test')?.kind).toBe('kids');
    expect(currentProfile.of('otro@pantalla.test')).toBeNull();
  });

  it('sends the profile token with signed-in requests only, and drops a refused one', async () => {
    currentProfile.set(kids);
    const seen: (string | undefined)[] = [];
    const fetchFn = vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      await Promise.resolve();
      const profile = (init.headers as Record<string, string>)[PROFILE_HEADER];
      seen.push(profile);
      if (profile === 'a.b.c')
        return json(403, {
          statusCode: 403,
          code: 'forbidden',
          message: 'Vuelve a elegir quién está viendo.',
          data: { profile: 'token_refused' },
        });
      return json(200, { ok: true });
    });
    const client = createApiClient({ fetch: fetchFn, exclusive: (fn) => fn() });
    client.bindSession({ getIdToken: () => 'id', onRefreshed: () => {}, onRefreshFailed: () => {} });
    await expect(client.get('/things')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['a.b.c', undefined]);
    expect(currentProfile.of(kids.email)).toMatchObject({ id: 7, token: null });
    await client.get('/things', { auth: false });
    expect(seen.at(-1)).toBeUndefined();
  });
});
