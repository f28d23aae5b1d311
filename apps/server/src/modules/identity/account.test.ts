import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountSchema,
  PASSWORD_RECOVERY_CONFIRMATION,
  profileListSchema,
  serviceLocatorSchema,
  timeSchema,
} from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { BASICO, bearer, signIn } from './test-support';

const kinds = await databaseKinds();

describe.each(kinds)('profiles, account, time and locator on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, {
      PUBLIC_URL: 'https://tv.example.test',
      ENDPOINT_SEARCH: 'https://search.example.test/api',
    });
  });
  afterAll(async () => ctx?.close());

  it('creates the default profile on first GET when the user has none, once', async () => {
    const { idToken, userId } = await signIn(ctx, { username: BASICO.email, password: BASICO.password });
    await ctx.sql.deleteFrom('profiles').where('userId', '=', userId).execute();
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/v1/profiles', headers: bearer(idToken) }),
      ctx.app.inject({ method: 'GET', url: '/api/v1/profiles', headers: bearer(idToken) }),
    ]);
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      const list = profileListSchema.parse(res.json());
      expect(list.resources).toHaveLength(1);
      expect(list.resources[0]).toMatchObject({ name: 'Default', isAdult: true });
    }
    const rows = await ctx.sql.selectFrom('profiles').selectAll().where('userId', '=', userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('creates profiles, ignoring a client-sent pin, and lists them in order', async () => {
    const { idToken } = await signIn(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: bearer(idToken),
      payload: { name: ' Niños ', isAdult: false, pin: { secret: '0000' } },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      id: expect.any(Number),
      name: 'Niños',
      isAdult: false,
      kind: 'kids',
      isDefault: false,
    });
    expect(body).not.toHaveProperty('pin');
    const list = profileListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/profiles', headers: bearer(idToken) })).json(),
    );
    expect(list.resources.map((p) => p.name)).toEqual(['Default', 'Niños']);
  });

  it('caps profiles per account', async () => {
    const { idToken } = await signIn(ctx);
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/profiles',
          headers: bearer(idToken),
          payload: { name: `P${i}` },
        })
      ).statusCode;
    }
    expect(last).toBe(409);
  });

  it('profiles and account require a valid idToken', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/profiles'],
      ['POST', '/api/v1/profiles'],
      ['GET', '/api/v1/account'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: bearer('not.a.token'),
        payload: method === 'POST' ? { name: 'x' } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('answers the account with region, email and PIN status', async () => {
    const demo = await signIn(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(demo.idToken) });
    expect(accountSchema.parse(res.json())).toEqual({
      resources: [{ regionId: 1, email: 'demo@pantalla.test', hasPin: true }],
    });
    const basico = await signIn(ctx, { username: BASICO.email, password: BASICO.password });
    const res2 = await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(basico.idToken) });
    expect(res2.json()).toMatchObject({ resources: [{ hasPin: false }] });
  });

  it('answers the server clock at /time and /aaservice/gettime without auth', async () => {
    ctx.clock.set(Date.UTC(2026, 10, 22, 12, 0, 0, 500));
    for (const url of ['/api/v1/time', '/api/v1/aaservice/gettime?_=123456']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(timeSchema.parse(res.json())).toEqual({
        now: '2026-11-22T12:00:00.500Z',
        time: Date.UTC(2026, 10, 22, 12) / 1000,
      });
    }
  });

  it('answers the service locator from configuration', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/locator?login=demo%40pantalla.test' });
    expect(res.statusCode).toBe(200);
    expect(serviceLocatorSchema.parse(res.json())).toEqual({
      message: 'OK',
      endpoint_idm: 'https://tv.example.test/api/v1',
      endpoint_static: 'https://tv.example.test/api/v1',
      endpoint_manager: 'https://tv.example.test',
      endpoint_search: 'https://search.example.test/api',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/locator' })).statusCode).toBe(200);
    // The spec's recovery call lives under the manager endpoint: {manager}/api/v1/backend/tb-user/passwordRecovery.
    const manager = new URL(serviceLocatorSchema.parse(res.json()).endpoint_manager);
    const recovery = await ctx.app.inject({
      method: 'POST',
      url: `${manager.pathname.replace(/\/$/, '')}/api/v1/backend/tb-user/passwordRecovery`,
      payload: { email: 'nadie@pantalla.test' },
    });
    expect(recovery.json()).toEqual({ message: PASSWORD_RECOVERY_CONFIRMATION });
  });

  it('documents every identity route and its error answers in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/login',
        '/api/v1/logout',
        '/api/v1/profiles',
        '/api/v1/account',
        '/api/v1/time',
        '/api/v1/aaservice/gettime',
        '/api/v1/locator',
        '/api/v1/tb-user/passwordRecovery',
        '/api/v1/password-reset',
        '/api/v1/parental/verify',
      ]),
    );
    expect(Object.keys(doc.paths['/api/v1/login']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '429']),
    );
    expect(Object.keys(doc.paths['/api/v1/parental/verify']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '409', '429']),
    );
  });
});
