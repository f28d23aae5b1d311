import { catalogueBuilders } from '../src/modules/catalogue/testing';
import { commerceBuilders } from '../src/modules/commerce/testing';
import { identityBuilders } from '../src/modules/identity/testing';
import { ingestBuilders } from '../src/modules/ingest/testing';
import { playbackBuilders } from '../src/modules/playback/testing';
import type { TestContext } from './context';

/**
 * The suites' data, built through each module's own test-data repository (newUserLike(),
 * newEntitlement(), newPurchase(), …): tests under test/ write no table themselves
 * (table-ownership.test.ts), so a schema change breaks one builder, not twenty files.
 */
export function builders(ctx: Pick<TestContext, 'platform' | 'clock'>) {
  const db = ctx.platform.db;
  return {
    ...identityBuilders(db, () => ctx.clock.now()),
    ...commerceBuilders(db),
    ...catalogueBuilders(db),
    ...playbackBuilders(db),
    ...ingestBuilders(db),
  };
}

export type Builders = ReturnType<typeof builders>;
