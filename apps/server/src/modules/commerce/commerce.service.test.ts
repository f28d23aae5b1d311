import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { PACKAGE_IDS } from './packages';
import { CacheRegistry } from '../../platform/cache';
import { CommerceRepository } from './commerce.repository';
import { CommerceService, MARKS_TTL_MS } from './commerce.service';

const kinds = await databaseKinds();

describe.each(kinds)('package marks on %s', (kind) => {
  let ctx: TestContext;
  let basico: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    basico = (
      await ctx.sql
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'basico@pantalla.test')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => ctx?.close());

  it("reuses a user's packages for marking a short while, while rights are always read fresh", async () => {
    const commerce = new CommerceService(
      ctx.clock,
      new CommerceRepository(ctx.platform.db),
      new CacheRegistry(ctx.clock),
    );
    expect((await commerce.accessForMarking(basico)).access(PACKAGE_IDS.cine).owned).toBe(false);
    await ctx.sql
      .insertInto('entitlements')
      .values({
        userId: basico,
        packageId: PACKAGE_IDS.cine,
        startsAt: 0,
        endsAt: null,
        source: 'purchase',
        createdAt: 0,
      })
      .execute();
    try {
      expect((await commerce.accessFor(basico)).access(PACKAGE_IDS.cine).owned).toBe(true);
      expect((await commerce.accessForMarking(basico)).access(PACKAGE_IDS.cine).owned).toBe(false);
      ctx.clock.advance(MARKS_TTL_MS + 1);
      expect((await commerce.accessForMarking(basico)).access(PACKAGE_IDS.cine).owned).toBe(true);
    } finally {
      await ctx.sql
        .deleteFrom('entitlements')
        .where('userId', '=', basico)
        .where('packageId', '=', PACKAGE_IDS.cine)
        .execute();
    }
  });
});
