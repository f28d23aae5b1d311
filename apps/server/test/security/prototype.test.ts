import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../databases';
import { createSecurityContext, type Caller, type SecurityContext } from './context';
import { arbitraryOf, hostile, operations, slot, urlOf, type Operation } from './routes';

const kinds = await databaseKinds();

/** Requests per database leg: every route gets its share (FUZZ_REQUESTS overrides, as in fuzz.test.ts). */
function budget(kind: string): number {
  const override = Number(process.env.FUZZ_REQUESTS);
  if (Number.isFinite(override) && override > 0) return override;
  return kind === 'sqlite' ? 8_000 : 2_000;
}

/** The header an attacker would plant on every error answer through Object.prototype.headers. */
const PLANTED = 'x-planted';

/** Field names that reach a prototype through a bracket parser, in the forms an attacker writes them. */
const prototypePaths = fc.constantFrom(
  '__proto__',
  'constructor[prototype]',
  'a[__proto__]',
  'metadata[__proto__]',
  'items[0][__proto__]',
  'a[constructor][prototype]',
  '%5F%5Fproto%5F%5F',
  '__proto__%5B%5D',
  'a%5B__proto__%5D',
);
const plantedKeys = fc.constantFrom(`headers][${PLANTED}`, 'polluted', 'statusCode', 'toString', 'isAdmin', '');

/** A form body that tries to write onto Object.prototype, among ordinary Stripe fields. */
const hostileForm = fc
  .tuple(prototypePaths, plantedKeys, fc.constantFrom('1', 'yes', '500'), fc.constantFrom('', 'amount=999&currency=eur&', 'email=a%40b.c&metadata[a]=b&'))
  .map(([path, key, value, before]) => `${before}${path}${key === '' ? '' : `[${key}]`}=${value}`);

type Encoding = 'json' | 'text' | 'none' | 'gzip' | 'garbage-gzip' | 'form' | 'hostile-form';
type Who = Caller | 'secret-key' | 'publishable-key' | 'wrong-key';

/** The fuzz suite's requests (every route, schema-shaped and hostile), plus prototype-key forms and the sandbox's own keys. */
function requestArbitrary(op: Operation) {
  const path = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, slot(p.schema)])));
  const query = fc.record(Object.fromEntries(op.queryParams.map((q) => [q.name, fc.option(slot(q.schema), { nil: undefined })])));
  const body = op.body ? fc.oneof({ weight: 3, arbitrary: arbitraryOf(op.body) }, { weight: 2, arbitrary: hostile }) : fc.option(hostile, { nil: undefined });
  const who = fc.constantFrom<Who>('anonymous', 'basico', 'demo', 'secret-key', 'publishable-key', 'wrong-key');
  const encoding = fc.constantFrom<Encoding>('json', 'json', 'text', 'none', 'gzip', 'garbage-gzip', 'form', 'hostile-form', 'hostile-form', 'hostile-form');
  return fc.record({ path, query, body, who, encoding, form: hostileForm, queryForm: fc.option(hostileForm, { nil: undefined }) });
}

function payloadFor(body: unknown, encoding: Encoding, form: string): { payload?: string | Buffer; headers: Record<string, string> } {
  if (encoding === 'hostile-form') return { payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  if (encoding === 'form') return { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  if (body === undefined) return { headers: {} };
  const text = JSON.stringify(body) ?? 'null';
  switch (encoding) {
    case 'json':
      return { payload: text, headers: { 'content-type': 'application/json' } };
    case 'text':
      return { payload: text, headers: { 'content-type': 'text/plain' } };
    case 'none':
      return { payload: text, headers: {} };
    case 'gzip':
      return { payload: gzipSync(text), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } };
    case 'garbage-gzip':
      return { payload: Buffer.from(text), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } };
  }
}

/** Everything Object.prototype holds, names and values, to compare after the run. */
function prototypeSnapshot(): Record<string, unknown> {
  const proto = Object.prototype as Record<string, unknown>;
  return Object.fromEntries(Object.getOwnPropertyNames(Object.prototype).map((name) => [name, name === '__proto__' ? 'accessor' : proto[name]]));
}

describe.each(kinds)('no request reaches Object.prototype on %s', (kind) => {
  let s: SecurityContext;
  const before = prototypeSnapshot();
  beforeAll(async () => {
    s = await createSecurityContext(kind);
  });
  afterAll(async () => s?.ctx.close());

  it('after the whole fuzz corpus and prototype-key forms to every route, Object.prototype is untouched and no 4xx carries a planted header', { timeout: 20 * 60 * 1000 }, async () => {
    const keys = s.ctx.config.payments;
    const authOf = (who: Who): Record<string, string> => {
      if (who === 'secret-key') return { authorization: `Bearer ${keys.secretKey}` };
      if (who === 'publishable-key') return { authorization: `Bearer ${keys.publishableKey}` };
      if (who === 'wrong-key') return { authorization: 'Bearer sk_test_not_the_key' };
      return {};
    };
    const callerOf = (who: Who): Caller => (who === 'basico' || who === 'demo' ? who : 'anonymous');
    const ops = operations(s.ctx.app);
    const sandbox = ops.filter((op) => op.url.startsWith('/v1/') || op.url.startsWith('/payments-sandbox/'));
    // The sandbox has a form parser: its routes are fuzzed far more than their share.
    expect(sandbox.length).toBeGreaterThan(5);
    const heavy = (op: Operation) => op.url.startsWith('/media/speed/') || op.url === '/api/docs';
    const total = budget(kind);
    const perRoute = Math.max(5, Math.ceil(total / 2 / ops.length));
    const perSandboxRoute = Math.ceil(total / 2 / sandbox.length);
    let sent = 0;
    let planned = 0;
    const failures: string[] = [];
    for (const op of ops) {
      const runs = heavy(op) ? 5 : sandbox.includes(op) ? perSandboxRoute : perRoute;
      planned += runs;
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async ({ path, query, body, who, encoding, form, queryForm }) => {
          const { payload, headers } = payloadFor(body, encoding, form);
          let url = urlOf(op, path, query);
          if (queryForm !== undefined && sandbox.includes(op)) url += `${url.includes('?') ? '&' : '?'}${queryForm}`;
          const res = await s.call(callerOf(who), { method: op.method as 'GET', url, headers: { ...headers, ...authOf(who) }, ...(payload !== undefined ? { payload } : {}) });
          sent++;
          const planted = ({} as Record<string, unknown>).headers !== undefined || res.headers[PLANTED] !== undefined;
          if (res.statusCode >= 500 || planted) failures.push(`${who} ${op.method} ${url} [${encoding}${encoding === 'hostile-form' ? ` ${form}` : ''}] → ${res.statusCode} ${res.body.slice(0, 160)}`);
          return res.statusCode < 500 && !planted;
        }),
        { numRuns: runs, seed: 20261128, endOnFailure: true },
      ).catch(() => undefined);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBe(planned);
    expect(sent).toBeGreaterThanOrEqual(total * 0.9);

    expect(prototypeSnapshot()).toEqual(before);
    for (const name of ['headers', 'polluted', 'statusCode', 'isAdmin', 'x', PLANTED]) expect(Object.prototype, name).not.toHaveProperty(name);
    // Error answers after the run carry only their own headers.
    const errors = await Promise.all([
      s.ctx.app.inject({ method: 'POST', url: '/v1/customers', payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      s.ctx.app.inject({ method: 'GET', url: '/api/v1/purchases' }),
      s.ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
      s.call('basico', { method: 'POST', url: '/api/v1/purchases', payload: { productId: 'x' } }),
    ]);
    expect(errors.map((r) => r.statusCode)).toEqual([401, 401, 404, 400]);
    for (const r of errors) expect(r.headers).not.toHaveProperty(PLANTED);
  });
});
