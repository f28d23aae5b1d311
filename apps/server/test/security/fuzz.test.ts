import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../databases';
import { createSecurityContext, type SecurityContext } from './context';
import { leaksInternals, operations, payloadFor, requestArbitrary, urlOf, type Operation } from './routes';

const kinds = await databaseKinds();

/**
 * How many requests each database leg sends: at least 20,000 on SQLite in CI, fewer on
 * PostgreSQL (a network round trip per query); `npm run bench -- security` sends the same
 * corpus 20,000 times on both, several at once. FUZZ_REQUESTS overrides both, for a quick run.
 */
function budget(kind: string): number {
  const override = Number(process.env.FUZZ_REQUESTS);
  if (Number.isFinite(override) && override > 0) return override;
  return kind === 'sqlite' ? 20_000 : 3_000;
}

describe.each(kinds)('fuzzing every route from the OpenAPI document on %s', (kind) => {
  let s: SecurityContext;
  beforeAll(async () => {
    s = await createSecurityContext(kind);
  });
  afterAll(async () => s?.ctx.close());

  it(
    'answers every hostile request below 500, with no stack trace or internal detail',
    { timeout: 30 * 60 * 1000 },
    async () => {
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
        await fc
          .assert(
            fc.asyncProperty(requestArbitrary(op), async ({ path, query, body, caller, encoding }) => {
              const { payload, headers } = payloadFor(body, encoding);
              const url = urlOf(op, path, query);
              const res = await s.call(caller, {
                method: op.method as 'GET',
                url,
                headers,
                ...(payload !== undefined ? { payload } : {}),
              });
              sent++;
              const leak = leaksInternals(res.body);
              if (res.statusCode >= 500 || leak)
                failures.push(
                  `${caller} ${op.method} ${url} [${encoding}] → ${res.statusCode} ${leak ?? ''} ${res.body.slice(0, 200)}`,
                );
              return res.statusCode < 500 && leak === null;
            }),
            { numRuns: heavy(op) ? heavyRuns : perOperation, seed: 20261124, endOnFailure: true },
          )
          .catch(() => undefined);
        if (process.env.FUZZ_TIMES)
          console.log(`${(performance.now() - began).toFixed(0).padStart(6)} ms ${op.method} ${op.url}`);
      }
      expect(failures.slice(0, 20)).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(total);
    },
  );
});
