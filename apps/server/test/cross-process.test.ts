import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { composeModules, createPlatform, type Modules } from '../src/compose';
import { ManualClock } from '../src/platform/clock';
import { openPostgres } from '../src/platform/database';
import type { Platform } from '../src/platform/module';
import { prepareDatabase } from '../src/setup';
import { PACKAGE_IDS } from '../src/modules/commerce';
import { testConfig } from './context';
import { createScratchPostgres, pgReachable } from './databases';

/** Two "processes" (two platforms, two pools) on one PostgreSQL database: what one changes, the other's caches forget. */
const postgresHere = await pgReachable();

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

describe.skipIf(!postgresHere)('caches across processes on PostgreSQL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  const sides: { platform: Platform; modules: Modules }[] = [];
  // Time stands still: nothing here can be explained by a time-to-live running out.
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    scratch = await createScratchPostgres('pantalla_xproc');
    for (let i = 0; i < 2; i++) {
      const platform = createPlatform(testConfig(), openPostgres(scratch.url, 4), clock);
      const modules = composeModules(platform);
      await prepareDatabase(platform, modules.all);
      await platform.bus.ready;
      sides.push({ platform, modules });
    }
  }, 60_000);
  afterAll(async () => {
    for (const side of sides) await side.platform.db.destroy();
    await scratch?.drop();
  });

  it('marks a package as owned on the other process within a second of a grant', async () => {
    const [a, b] = sides as [(typeof sides)[0], (typeof sides)[0]];
    const user = await a.modules.identity.accounts.create({
      email: 'xproc@pantalla.test',
      password: 'xproc1234',
      name: 'X',
      surname: 'Proc',
      pin: null,
    });
    const ownedAt = async (side: typeof a) =>
      (await side.modules.commerce.access.accessForMarking(user.id)).access(PACKAGE_IDS.cine).owned;
    expect(await ownedAt(a)).toBe(false);
    expect(await ownedAt(b)).toBe(false);
    await a.modules.commerce.entitlements.grant(user.id, [PACKAGE_IDS.cine], 'test');
    expect(await ownedAt(a)).toBe(true);
    expect(await waitFor(() => ownedAt(b), 1000)).toBeLessThan(1000);
  });

  it('forgets every cache after the listening connection was cut, since messages may have been lost', async () => {
    const b = sides[1] as (typeof sides)[0];
    const forgotten = b.platform.caches.create<string, string>('test.gap', { max: 1 });
    forgotten.set('k', 'v');
    const admin = openPostgres(scratch.url, 2);
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`.execute(
        admin.kysely<unknown>(),
      );
      await waitFor(async () => forgotten.peek('k') === undefined, 5000);
    } finally {
      await admin.destroy();
    }
  });
});
