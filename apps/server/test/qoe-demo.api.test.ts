import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNEL_IDS } from '../src/modules/catalogue';
import { createTestContext, type TestContext } from './context';

const MINUTE = 60_000;

// The demo is SQLite's (npm start); the module's SQL runs on both databases in qoe.api.test.ts.
describe('the QoE demo (QOE_DEMO=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { QOE_DEMO: '1' });
  });
  afterAll(async () => ctx?.close());

  const count = async (table: 'qoeViews' | 'qoeMinutes') =>
    Number(
      (
        await ctx.sql
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const flakyAlerts = () =>
    ctx.sql
      .selectFrom('qoeAlerts')
      .selectAll()
      .where('itemType', '=', 'LIVE')
      .where('itemId', '=', 5)
      .where('kind', '=', 'failure')
      .execute();

  it('writes a month of history once: a restart writes nothing more', async () => {
    const views = await count('qoeViews');
    expect(views).toBeGreaterThan(10_000);
    expect(await count('qoeMinutes')).toBeGreaterThan(1_000);
    const oldest = await ctx.sql
      .selectFrom('qoeViews')
      .select((eb) => eb.fn.min('startedAt').as('at'))
      .executeTakeFirstOrThrow();
    expect(ctx.clock.now() - Number(oldest.at)).toBeGreaterThan(29 * 24 * 60 * MINUTE);
    expect(await ctx.modules.qoe.seedDemo(DEMO_CHANNEL_IDS)).toBe(0);
    expect(await count('qoeViews')).toBe(views);
  });

  it("Telemar's outage raises the failure alert, mailed, and it clears after", async () => {
    const hour = Math.ceil(ctx.clock.now() / (60 * MINUTE)) * 60 * MINUTE;
    ctx.clock.set(hour + 39 * MINUTE);
    await ctx.modules.qoe.runScheduled();
    expect((await flakyAlerts()).filter((a) => a.clearedAt === null)).toEqual([]);
    ctx.clock.set(hour + 43 * MINUTE);
    await ctx.modules.qoe.runScheduled();
    const raised = (await flakyAlerts()).filter((a) => a.clearedAt === null);
    expect(raised).toHaveLength(1);
    expect(raised[0]!.value).toBeGreaterThanOrEqual(50);
    ctx.clock.set(hour + 52 * MINUTE);
    await ctx.modules.qoe.runScheduled();
    expect((await flakyAlerts()).filter((a) => a.clearedAt === null)).toEqual([]);
    const subjects = (await ctx.sql.selectFrom('outbox').select('subject').execute()).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith('Alerta de calidad: Telemar'))).toBe(true);
    expect(subjects.some((s) => s.startsWith('Resuelto: Telemar'))).toBe(true);
  });
});
