import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NUL_REFUSED } from '@pantalla/contracts';
import { databaseKinds } from '../databases';
import { createTestContext, type TestContext } from '../context';
import { createSecurityContext, type SecurityContext } from './context';

/**
 * Issue 9: a NUL in a string made PostgreSQL answer 500. Every string slot of every route's
 * body, path and query schema must refuse it; this walks them all, so a schema added later
 * with a bare z.string() fails here instead of in production.
 */

type Slot = { route: string; path: string; schema: z.ZodType };

/** Values one of which fits most string schemas (lengths, e-mail, dates, ids, tokens, URLs). */
const SAMPLES = [
  'abc',
  'demo@pantalla.test',
  '1234',
  '2026-01-01',
  '#aabbcc',
  'pur_abcdefgh1234',
  'seti_abcdefgh1234',
  'bil_abcdefgh1234',
  'abcdefghijklmnopqrstuvwxyz',
  'https://example.com/guia.xml',
  'Europe/Madrid',
  'LIVE',
  'ES',
  '12345.smil',
  '1795887016813.abcdefgh1234',
  '0123456789abcdef',
  // A browser's push keys: an uncompressed P-256 point (65 bytes) and its 16-byte secret, in base64url.
  'B'.padEnd(87, 'A'),
  'A'.repeat(22),
  // A relay URL's target: stream, kind, the upstream URL in base64url and its signature.
  `0.p.aHR0cHM6Ly9jZG4uZXhhbXBsZS9hLm0zdTg.${'A'.repeat(43)}`,
];

/**
 * String slots held to the rule elsewhere, each with why. Each is an inline schema of a
 * module's routes, not a contract; none reaches the database. A slot that starts refusing
 * NUL must leave this list (the test says so), and a new slot cannot join it silently.
 */
const OUTSIDE_CONTRACTS = new Map<string, string>([
  [
    'POST /api/v1/payments/webhook body',
    'Stripe signs the raw payload; it is checked byte for byte, never stored as text',
  ],
  [
    'POST /api/v1/drm/clearkey/trailers/:clipKey params.clipKey',
    'looked up in memory among the trailers; unknown keys are 404',
  ],
  ...['jwt', 'user', 'model', 'type', 'operator'].map((q): [string, string] => [
    `GET /media/:kind/:id/:quality/manifest.mpd querystring.${q}`,
    'checked against the signed token, never stored',
  ]),
  [
    'GET /media/s/:clipKey/:track/:file params.file',
    'matched against the segment name pattern before any file is opened',
  ],
  ['GET /media/speed/media_0.ts querystring.avoidcache', 'a cache buster, ignored'],
  ...[
    '/v1/customers',
    '/v1/customers/:id',
    '/v1/products',
    '/v1/payment_intents',
    '/v1/subscriptions',
    '/v1/subscriptions/:id',
    '/v1/test_helpers/test_clocks/:id/advance',
    '/v1/payment_intents/:id/confirm',
    '/v1/refunds',
    '/v1/invoices/:id/pay',
    '/v1/setup_intents',
    '/v1/setup_intents/:id/confirm',
    '/v1/payment_methods/:id/detach',
    '/v1/coupons',
    '/v1/promotion_codes',
    '/v1/prices',
  ].map((url): [string, string] => [`POST ${url} body{key}`, "the payment sandbox's form fields, kept in memory"]),
  ['GET /payments-sandbox/3ds/:id querystring.client_secret', 'compared with the sandbox secret in memory'],
  ['POST /payments-sandbox/3ds/:id body.client_secret', 'compared with the sandbox secret in memory'],
]);

/** Every string schema inside a zod schema, with its path (the input side of pipes). */
function stringSlots(schema: z.ZodType, path: string, out: { path: string; schema: z.ZodType }[], depth = 0): void {
  if (depth > 12) return;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown, p: string) => stringSlots(s as z.ZodType, p, out, depth + 1);
  switch (def.type) {
    case 'string':
      out.push({ path, schema });
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, `${path}.${key}`);
      if (def.catchall) walk(def.catchall, `${path}.*`);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, path);
    case 'pipe': {
      // What the client sends meets the input side; the output side only sees its result.
      const input = def.in as z.ZodType;
      if ((input as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'transform')
        return walk(def.out, path);
      return walk(input, path);
    }
    case 'union':
      (def.options as unknown[]).forEach((option, i) => walk(option, `${path}|${i}`));
      return;
    case 'intersection':
      walk(def.left, path);
      return walk(def.right, path);
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => walk(item, `${path}[${i}]`));
      return;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      return walk(def.valueType, `${path}{}`);
    case 'lazy':
      return walk((def.getter as () => unknown)(), path);
    default:
      return;
  }
}

/** Every route's body, params and querystring schemas, as the modules register them. */
async function routeSchemas(ctx: TestContext): Promise<Slot[]> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  await app.register(
    async (api) => {
      for (const m of ctx.modules.all) if (m.routes) await m.routes(api);
    },
    { prefix: '/api/v1' },
  );
  for (const m of ctx.modules.all) if (m.rootRoutes) await m.rootRoutes(app);
  await app.ready();
  await app.close();
  const slots: Slot[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'HEAD')) continue;
    const name = `${methods.filter((m) => m !== 'HEAD').join(',')} ${route.url}`;
    for (const part of ['body', 'params', 'querystring'] as const) {
      const schema = route.schema?.[part] as z.ZodType | undefined;
      if (!schema || !('_zod' in schema)) continue;
      const found: { path: string; schema: z.ZodType }[] = [];
      stringSlots(schema, part, found);
      slots.push(...found.map((f) => ({ route: name, ...f })));
    }
  }
  return slots;
}

describe('NUL in every string a client sends', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', {}, { demo: false });
  });
  afterAll(async () => ctx?.close());

  it('every string slot of every route refuses a NUL inside a value it otherwise accepts', async () => {
    const slots = await routeSchemas(ctx);
    expect(slots.length).toBeGreaterThan(30);
    const accepting: string[] = [];
    const untested: string[] = [];
    for (const slot of slots) {
      const where = `${slot.route} ${slot.path}`;
      const sample = SAMPLES.find((s) => slot.schema.safeParse(s).success);
      if (sample === undefined) {
        untested.push(where);
        continue;
      }
      // The NUL takes a character's place, so a length bound cannot be what refuses it.
      const half = Math.floor(sample.length / 2);
      if (slot.schema.safeParse(`${sample.slice(0, half)}\u0000${sample.slice(half + 1)}`).success)
        accepting.push(where);
    }
    expect(accepting.filter((where) => !OUTSIDE_CONTRACTS.has(where))).toEqual([]);
    expect([...OUTSIDE_CONTRACTS.keys()].filter((where) => !accepting.includes(where))).toEqual([]);
    // A slot no sample fits cannot be checked: add a sample for it.
    expect(untested).toEqual([]);
  });
});

const kinds = await databaseKinds();

describe.each(kinds)('NUL reaches no database as an error on %s', (kind) => {
  let s: SecurityContext;
  beforeAll(async () => {
    s = await createSecurityContext(kind);
  });
  afterAll(async () => s?.ctx.close());

  // The ten inputs of the issue that PostgreSQL answered 500 to, and their neighbours.
  const cases: { caller: 'anonymous' | 'demo'; method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }[] = [
    {
      caller: 'anonymous',
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: 'demo@pantalla.test\u0000', password: 'x' },
    },
    {
      caller: 'anonymous',
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: '\u0000', password: '\u0000' },
    },
    {
      caller: 'anonymous',
      method: 'POST',
      url: '/api/v1/backend/tb-user/passwordRecovery',
      payload: { email: 'a\u0000@pantalla.test' },
    },
    {
      caller: 'anonymous',
      method: 'POST',
      url: '/api/v1/registration',
      payload: { username: 'Ana\u0000', login: 'ana@pantalla.test', passw: 'secreto1', formToken: 'x' },
    },
    { caller: 'anonymous', method: 'GET', url: '/api/v1/locator?login=demo%00@pantalla.test' },
    { caller: 'demo', method: 'POST', url: '/api/v1/sessions/abc%00def/heartbeat' },
    { caller: 'demo', method: 'GET', url: '/api/v1/sessions/abc%00def/drm' },
    { caller: 'demo', method: 'DELETE', url: '/api/v1/sessions/abc%00def' },
    {
      caller: 'demo',
      method: 'POST',
      url: '/api/v1/sessions',
      payload: {
        reference: { serviceName: 'x\u0000', type: 'LIVE', id: '1\u0000' },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'f\u0000',
      },
    },
    { caller: 'demo', method: 'POST', url: '/api/v1/profiles', payload: { name: 'Niños\u0000' } },
    { caller: 'demo', method: 'GET', url: '/api/v1/search?term=a%00b' },
  ];

  it.each(cases)('$method $url answers 400 naming the character', async ({ caller, method, url, payload }) => {
    const res = await s.call(caller, { method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(NUL_REFUSED);
  });
});
