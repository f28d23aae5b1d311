import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../databases';
import { createSecurityContext, type Caller, type SecurityContext } from './context';
import { arbitraryOf, hostile, leaksInternals, operations, slot, urlOf, type Operation } from './routes';

const kinds = await databaseKinds();

/**
 * How many requests each database leg sends: at least 20,000 on SQLite in CI, fewer on
 * PostgreSQL (a network round trip per query). FUZZ_REQUESTS overrides both, for a quick run.
 */
function budget(kind: string): number {
  const override = Number(process.env.FUZZ_REQUESTS);
  if (Number.isFinite(override) && override > 0) return override;
  return kind === 'sqlite' ? 20_000 : 3_000;
}

type Encoding = 'json' | 'text' | 'none' | 'gzip' | 'garbage-gzip' | 'form';

/** One hostile request for an operation: schema-shaped with hostile slots, odd bodies and encodings. */
function requestArbitrary(op: Operation) {
  const path = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, slot(p.schema)])));
  const query = fc.record(Object.fromEntries(op.queryParams.map((q) => [q.name, fc.option(slot(q.schema), { nil: undefined })])));
  const body = op.body ? fc.oneof({ weight: 3, arbitrary: arbitraryOf(op.body) }, { weight: 2, arbitrary: hostile }) : fc.option(hostile, { nil: undefined });
  const caller = fc.constantFrom<Caller>('anonymous', 'basico', 'demo');
  const encoding = fc.constantFrom<Encoding>('json', 'json', 'json', 'text', 'none', 'gzip', 'garbage-gzip', 'form');
  return fc.record({ path, query, body, caller, encoding });
}

function payloadFor(body: unknown, encoding: Encoding): { payload?: string | Buffer; headers: Record<string, string> } {
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
    case 'form':
      return { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
}

describe.each(kinds)('fuzzing every route from the OpenAPI document on %s', (kind) => {
  let s: SecurityContext;
  beforeAll(async () => {
    s = await createSecurityContext(kind);
  });
  afterAll(async () => s?.ctx.close());

  it('answers every hostile request below 500, with no stack trace or internal detail', { timeout: 30 * 60 * 1000 }, async () => {
    // The ingest upload is an admin's; the fuzz's callers are anonymous and subscribers.
    const ops = operations(s.ctx.app);
    const total = budget(kind);
    // Routes that answer megabytes (the speed-test file, the OpenAPI document) get a token share.
    const heavy = (op: Operation) => op.url.startsWith('/media/speed/') || op.url === '/api/docs';
    const heavyRuns = 20;
    const light = ops.filter((op) => !heavy(op)).length;
    const perOperation = Math.ceil((total - heavyRuns * (ops.length - light)) / light);
    let sent = 0;
    const failures: string[] = [];
    for (const op of ops) {
      const began = performance.now();
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async ({ path, query, body, caller, encoding }) => {
          const { payload, headers } = payloadFor(body, encoding);
          const url = urlOf(op, path, query);
          const res = await s.call(caller, { method: op.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
          sent++;
          const leak = leaksInternals(res.body);
          if (res.statusCode >= 500 || leak) failures.push(`${caller} ${op.method} ${url} [${encoding}] → ${res.statusCode} ${leak ?? ''} ${res.body.slice(0, 200)}`);
          return res.statusCode < 500 && leak === null;
        }),
        { numRuns: heavy(op) ? heavyRuns : perOperation, seed: 20261124, endOnFailure: true },
      ).catch(() => undefined);
      if (process.env.FUZZ_TIMES) console.log(`${(performance.now() - began).toFixed(0).padStart(6)} ms ${op.method} ${op.url}`);
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(total);
  });
});
