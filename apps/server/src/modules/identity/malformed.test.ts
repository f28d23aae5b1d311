import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { RESET_LINK_INVALID } from '@pantalla/contracts';
import { bearer, signIn } from './test-support';

const kinds = await databaseKinds();
const json = { 'content-type': 'application/json' };
// Far past every field's limit, yet under the 16 KB a JSON body may have (bigger ones are 413).
const huge = 'a'.repeat(12_000);

/** Bodies that are not what a route expects, each with the answer it must get. */
const bodies: { name: string; payload: InjectOptions['payload']; headers?: Record<string, string>; status?: number }[] =
  [
    { name: 'no body', payload: undefined },
    { name: 'empty JSON body', payload: '', headers: json },
    { name: 'invalid JSON', payload: '{"flow": "password",', headers: json },
    { name: 'a JSON string', payload: '"hola"', headers: json },
    { name: 'a JSON array', payload: '[]', headers: json },
    { name: 'null', payload: 'null', headers: json },
    { name: 'an empty object', payload: {} },
    { name: 'a plain-text body', payload: 'flow=password', headers: { 'content-type': 'text/plain' } },
    {
      name: 'a form body',
      payload: 'flow=password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      status: 415,
    },
    {
      name: 'a body over 1 MB',
      payload: JSON.stringify({ flow: 'password', username: 'a'.repeat(1_100_000), password: 'x' }),
      headers: json,
      status: 413,
    },
  ];

const loginBodies: { name: string; payload: unknown }[] = [
  { name: 'unknown flow', payload: { flow: 'magic', username: 'demo@pantalla.test', password: 'demo1234' } },
  { name: 'missing flow', payload: { username: 'demo@pantalla.test', password: 'demo1234' } },
  { name: 'missing password', payload: { flow: 'password', username: 'demo@pantalla.test' } },
  { name: 'missing username', payload: { flow: 'password', password: 'demo1234' } },
  { name: 'empty username', payload: { flow: 'password', username: '   ', password: 'demo1234' } },
  { name: 'numeric password', payload: { flow: 'password', username: 'demo@pantalla.test', password: 1234 } },
  { name: 'object username', payload: { flow: 'password', username: { $ne: null }, password: 'demo1234' } },
  {
    name: 'string rememberMe',
    payload: { flow: 'password', username: 'demo@pantalla.test', password: 'demo1234', rememberMe: 'yes' },
  },
  { name: 'huge username', payload: { flow: 'password', username: huge, password: 'demo1234' } },
  { name: 'huge password', payload: { flow: 'password', username: 'demo@pantalla.test', password: huge } },
  { name: 'flow as number', payload: { flow: 1 } },
];

describe.each(kinds)('malformed requests on %s', (kind) => {
  let ctx: TestContext;
  let idToken = '';
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    idToken = (await signIn(ctx)).idToken;
  });
  afterAll(async () => ctx?.close());

  const routes = [
    { url: '/api/v1/login', auth: false },
    { url: '/api/v1/tb-user/passwordRecovery', auth: false },
    { url: '/api/v1/password-reset', auth: false },
    { url: '/api/v1/profiles', auth: true },
    { url: '/api/v1/parental/verify', auth: true },
  ];

  for (const route of routes) {
    for (const body of bodies) {
      it(`POST ${route.url} with ${body.name} answers ${body.status ?? 400}, never 5xx`, async () => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: route.url,
          payload: body.payload,
          headers: { ...body.headers, ...(route.auth ? bearer(idToken) : {}) },
        });
        expect(res.statusCode).toBe(body.status ?? 400);
        expect(res.json()).toMatchObject({ statusCode: body.status ?? 400, message: expect.any(String) });
      });
    }
  }

  for (const body of loginBodies) {
    it(`login with ${body.name} answers 400 with a Spanish message`, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: body.payload as InjectOptions['payload'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        code: 'bad_request',
        message: expect.stringMatching(/^Petición no válida/),
      });
      expect(res.body.length).toBeLessThan(2000);
    });
  }

  it('answers the mistakes of a form with the sentence meant for the person, not the field list', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/v1/tb-user/passwordRecovery', { email: '' }, 'Introduce tu correo electrónico.'],
      ['/api/v1/tb-user/passwordRecovery', { email: '   ' }, 'Introduce tu correo electrónico.'],
      ['/api/v1/tb-user/passwordRecovery', {}, 'Introduce tu correo electrónico.'],
      ['/api/v1/tb-user/passwordRecovery', { email: 'a'.repeat(300) }, 'El correo electrónico es demasiado largo.'],
      ['/api/v1/password-reset', { token: 'short', password: 'nueva-clave' }, RESET_LINK_INVALID],
      [
        '/api/v1/password-reset',
        { token: 'x'.repeat(43), password: '123' },
        'La contraseña debe tener entre 6 y 30 caracteres',
      ],
      ['/api/v1/password-reset', { token: 'x'.repeat(43) }, 'La contraseña debe tener entre 6 y 30 caracteres'],
      [
        '/api/v1/password-reset',
        { token: 'short', password: '123' },
        `${RESET_LINK_INVALID} La contraseña debe tener entre 6 y 30 caracteres`,
      ],
    ];
    for (const [url, payload, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
      expect(res.json(), `${url} ${JSON.stringify(payload).slice(0, 60)}`).toEqual({
        statusCode: 400,
        code: 'bad_request',
        message,
      });
    }
  });

  it('the other bodies with wrong fields answer 400', async () => {
    const cases: [string, unknown, boolean][] = [
      ['/api/v1/tb-user/passwordRecovery', { email: 42 }, false],
      ['/api/v1/tb-user/passwordRecovery', { email: huge }, false],
      ['/api/v1/password-reset', { token: 'short', password: 'nueva-clave' }, false],
      ['/api/v1/password-reset', { token: 'x'.repeat(43) }, false],
      ['/api/v1/password-reset', { token: huge, password: 'nueva-clave' }, false],
      ['/api/v1/profiles', { name: '' }, true],
      ['/api/v1/profiles', { name: huge }, true],
      ['/api/v1/profiles', { name: 'x', isAdult: 'si' }, true],
      ['/api/v1/parental/verify', { pin: 1234 }, true],
      ['/api/v1/parental/verify', { pin: '12345' }, true],
      ['/api/v1/parental/verify', { pin: 'abcd' }, true],
      ['/api/v1/parental/verify', { pin: huge }, true],
    ];
    for (const [url, payload, auth] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload: payload as InjectOptions['payload'],
        headers: auth ? bearer(idToken) : {},
      });
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400);
    }
  });

  it('a bad locator query and odd Authorization headers never reach 5xx', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/locator?login=${huge.slice(0, 300)}` })).statusCode,
    ).toBe(400);
    for (const authorization of ['Bearer', 'Bearer ', 'Basic abc', `Bearer ${huge}`, 'Bearer a.b.c']) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/profiles', headers: { authorization } })).statusCode,
      ).toBe(401);
    }
  });
});
