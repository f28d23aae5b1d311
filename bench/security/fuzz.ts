// The security suite's fuzz corpus at the bench's scale, on SQLite and on PostgreSQL: every
// route of the OpenAPI document, hostile slots (control characters and NUL included), odd
// bodies and encodings, several requests in flight so PostgreSQL's round trips overlap.
import fc from 'fast-check';
import { databaseKinds, type DatabaseKind } from '../../apps/server/test/databases';
import { createSecurityContext } from '../../apps/server/test/security/context';
import {
  leaksInternals,
  operations,
  payloadFor,
  requestArbitrary,
  urlOf,
  type Operation,
} from '../../apps/server/test/security/routes';

/** The goal: at least this many requests per database, none answered 500 or above. */
export const FUZZ_GOAL = 20_000;

/** Routes that answer megabytes (the speed-test file, the OpenAPI document) get a token share. */
const heavy = (op: Operation) => op.url.startsWith('/media/speed/') || op.url === '/api/docs';
const HEAVY_RUNS = 20;

export interface FuzzFigures {
  kind: DatabaseKind;
  sent: number;
  errors: number;
  seconds: number;
  firstErrors: string[];
}

/** Runs `tasks` with at most `width` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await (tasks[next++] as () => Promise<T>)();
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
}

/** Fuzzes every route on one database in process (app.inject), as the security suite does. */
export async function fuzzOn(kind: DatabaseKind, requests: number, concurrency: number): Promise<FuzzFigures> {
  const s = await createSecurityContext(kind);
  try {
    const ops = operations(s.ctx.app);
    const light = ops.filter((op) => !heavy(op)).length;
    const perOperation = Math.ceil((requests - HEAVY_RUNS * (ops.length - light)) / light);
    let sent = 0;
    let errors = 0;
    const firstErrors: string[] = [];
    const began = performance.now();
    for (const [i, op] of ops.entries()) {
      const samples = fc.sample(requestArbitrary(op), {
        numRuns: heavy(op) ? HEAVY_RUNS : perOperation,
        seed: 20261128 + i,
      });
      await pool(
        samples.map(({ path, query, body, caller, encoding }) => async () => {
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
          if (res.statusCode >= 500 || leak) {
            errors++;
            if (firstErrors.length < 5)
              firstErrors.push(
                `${caller} ${op.method} ${url} [${encoding}] → ${res.statusCode} ${leak ?? ''} ${res.body.slice(0, 160)}`,
              );
          }
        }),
        concurrency,
      );
    }
    return { kind, sent, errors, seconds: (performance.now() - began) / 1000, firstErrors };
  } finally {
    await s.ctx.close();
  }
}

/** Fuzzes SQLite and PostgreSQL (PGlite where no server answers) and prints each against the goal. */
export async function fuzzBothDatabases(requests: number, concurrency: number): Promise<FuzzFigures[]> {
  const figures: FuzzFigures[] = [];
  for (const kind of await databaseKinds()) {
    const f = await fuzzOn(kind, requests, concurrency);
    figures.push(f);
    const met =
      f.sent >= FUZZ_GOAL && f.errors === 0
        ? 'goal met'
        : f.sent < FUZZ_GOAL
          ? `below the ${FUZZ_GOAL.toLocaleString('en')} goal (quick mode)`
          : 'GOAL MISSED';
    console.log(
      `fuzz on ${kind}: ${f.sent.toLocaleString('en')} requests sent (goal ≥ ${FUZZ_GOAL.toLocaleString('en')}) in ${f.seconds.toFixed(1)} s, ${concurrency} in flight; answers ≥ 500 or leaking internals: ${f.errors} (goal 0) — ${met}`,
    );
    for (const line of f.firstErrors) console.log(`  ${line}`);
  }
  return figures;
}
