import { catalogueBuilders } from '../src/modules/catalogue/test-data.repository';
import { commerceBuilders } from '../src/modules/commerce/test-data.repository';
import { identityBuilders } from '../src/modules/identity/test-data.repository';
import { ingestBuilders } from '../src/modules/ingest/test-data.repository';
import { playbackBuilders } from '../src/modules/playback/test-data.repository';
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
