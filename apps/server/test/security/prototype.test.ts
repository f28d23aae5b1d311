import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../databases';
import { createSecurityContext, type SecurityContext } from './context';
import { operations, payloadFor, requestArbitrary, urlOf, type Operation } from './routes';

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
  .tuple(
    prototypePaths,
    plantedKeys,
    fc.constantFrom('1', 'yes', '500'),
    fc.constantFrom('', 'amount=999&currency=eur&', 'email=a%40b.c&metadata[a]=b&'),
  )
  .map(([path, key, value, before]) => `${before}${path}${key === '' ? '' : `[${key}]`}=${value}`);

type KeyUse = 'caller' | 'secret-key' | 'publishable-key' | 'wrong-key';

/**
 * The suite's fuzz corpus (routes.ts: every route, schema-shaped and hostile, every encoding),
 * each request also sent with one of the sandbox's keys or a wrong one, and often with a
 * prototype-key form as its body or query instead.
 */
function pollutingRequest(op: Operation) {
  return fc.record({
    request: requestArbitrary(op),
    key: fc.constantFrom<KeyUse>('caller', 'secret-key', 'publishable-key', 'wrong-key'),
    form: fc.option(hostileForm, { nil: undefined, freq: 2 }),
    queryForm: fc.option(hostileForm, { nil: undefined, freq: 2 }),
  });
}

/** Everything Object.prototype holds, names and values, to compare after the run. */
function prototypeSnapshot(): Record<string, unknown> {
  const proto = Object.prototype as Record<string, unknown>;
  return Object.fromEntries(
    Object.getOwnPropertyNames(Object.prototype).map((name) => [name, name === '__proto__' ? 'accessor' : proto[name]]),
  );
}

describe.each(kinds)('no request reaches Object.prototype on %s', (kind) => {
  let s: SecurityContext;
  const before = prototypeSnapshot();
  beforeAll(async () => {
    s = await createSecurityContext(kind);
  });
  afterAll(async () => s?.ctx.close());

  it(
    'after the whole fuzz corpus and prototype-key forms to every route, Object.prototype is untouched and no 4xx carries a planted header',
    { timeout: 20 * 60 * 1000 },
    async () => {
      const keys = s.ctx.config.payments;
      const authOf = (key: KeyUse): Record<string, string> => {
        if (key === 'secret-key') return { authorization: `Bearer ${keys.secretKey}` };
        if (key === 'publishable-key') return { authorization: `Bearer ${keys.publishableKey}` };
        if (key === 'wrong-key') return { authorization: 'Bearer sk_test_not_the_key' };
        return {};
      };
      const ops = operations(s.ctx.app);
      const sandbox = ops.filter((op) => op.url.startsWith('/v1/') || op.url.startsWith('/payments-sandbox/'));
      // The sandbox has a form parser: its routes are fuzzed far more than their share.
      expect(sandbox.length).toBeGreaterThan(5);
      const heavy = (op: Operation) => op.url.startsWith('/media/speed/') || op.url === '/api/docs';
      const total = budget(kind);
      // Half the budget to the sandbox's routes, half to the others (however many routes each side has).
      const perRoute = Math.max(5, Math.ceil(total / 2 / Math.max(1, ops.length - sandbox.length)));
      const perSandboxRoute = Math.ceil(total / 2 / sandbox.length);
      let sent = 0;
      let planned = 0;
      const failures: string[] = [];
      for (const op of ops) {
        const runs = heavy(op) ? 5 : sandbox.includes(op) ? perSandboxRoute : perRoute;
        planned += runs;
        await fc
          .assert(
            fc.asyncProperty(pollutingRequest(op), async ({ request, key, form, queryForm }) => {
              const { path, query, body, caller, encoding } = request;
              const { payload, headers } =
                form !== undefined
                  ? { payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
                  : payloadFor(body, encoding);
              let url = urlOf(op, path, query);
              if (queryForm !== undefined) url += `${url.includes('?') ? '&' : '?'}${queryForm}`;
              const res = await s.call(caller, {
                method: op.method as 'GET',
                url,
                headers: { ...headers, ...authOf(key) },
                ...(payload !== undefined ? { payload } : {}),
              });
              sent++;
              const planted =
                ({} as Record<string, unknown>).headers !== undefined || res.headers[PLANTED] !== undefined;
              if (res.statusCode >= 500 || planted)
                failures.push(
                  `${caller}/${key} ${op.method} ${url} [${form ?? encoding}] → ${res.statusCode} ${res.body.slice(0, 160)}`,
                );
              return res.statusCode < 500 && !planted;
            }),
            { numRuns: runs, seed: 20261128, endOnFailure: true },
          )
          .catch(() => undefined);
      }
      expect(failures.slice(0, 10)).toEqual([]);
      expect(sent).toBe(planned);
      expect(sent).toBeGreaterThanOrEqual(total * 0.9);

      expect(prototypeSnapshot()).toEqual(before);
      for (const name of ['headers', 'polluted', 'statusCode', 'isAdmin', 'x', PLANTED])
        expect(Object.prototype, name).not.toHaveProperty(name);
      // Error answers after the run carry only their own headers.
      const errors = await Promise.all([
        s.ctx.app.inject({
          method: 'POST',
          url: '/v1/customers',
          payload: 'email=a',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        s.ctx.app.inject({ method: 'GET', url: '/api/v1/purchases' }),
        s.ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
        s.call('basico', { method: 'POST', url: '/api/v1/purchases', payload: { productId: 'x' } }),
      ]);
      expect(errors.map((r) => r.statusCode)).toEqual([401, 401, 404, 400]);
      for (const r of errors) expect(r.headers).not.toHaveProperty(PLANTED);
    },
  );
});
