import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { PackageRow, ProductRow, ProductTable, CommerceTables, PurchaseTables } from './tables';

/**
 * How long a renewing subscription is owned past its paid period's end: Stripe charges a
 * renewal about an hour after the period ends and its invoice.paid may queue behind a renewal
 * day's other events; cut off at the exact end, a paying subscriber would lose access meanwhile.
 */
export const RENEWAL_MARGIN_MS = 6 * 60 * 60 * 1000;

/** All SQL of the commerce module. */
export class CommerceRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CommerceTables> {
    return this.db.kysely<CommerceTables>();
  }

  listPackages(): Promise<PackageRow[]> {
    return this.k.selectFrom('packages').selectAll().orderBy('id').execute();
  }

  /** One product on sale (active), by id. */
  findActiveProduct(id: number): Promise<ProductRow | undefined> {
    return this.k.selectFrom('products').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  }

  listActiveProducts(): Promise<ProductRow[]> {
    return this.k.selectFrom('products').selectAll().where('active', '=', 1).orderBy('id').execute();
  }

  async ownedPackageIds(userId: number, now: number): Promise<number[]> {
    const rows = await this.k
      .selectFrom('entitlements')
      .select('packageId')
      .where('userId', '=', userId)
      .where('startsAt', '<=', now)
      .where((eb) => eb.or([eb('endsAt', 'is', null), eb('endsAt', '>', now)]))
      .execute();
    // A purchased entitlement of a renewing subscription (not cancelled, ended or past due)
    // lasts a little past its paid period, while the renewal's invoice.paid is on its way.
    const renewing = await this.db
      .kysely<PurchaseTables>()
      .selectFrom('entitlements as e')
      .innerJoin('purchases as p', (join) =>
        join.onRef('p.userId', '=', 'e.userId').onRef('p.packageId', '=', 'e.packageId'),
      )
      .select('e.packageId')
      .where('e.userId', '=', userId)
      .where('e.source', '=', 'purchase')
      .where('e.startsAt', '<=', now)
      .where('e.endsAt', '>', now - RENEWAL_MARGIN_MS)
      .where('p.kind', '=', 'subscription')
      .where('p.status', '=', 'fulfilled')
      .where('p.endedAt', 'is', null)
      .where('p.cancelAtPeriodEnd', '=', 0)
      .where('p.graceUntil', 'is', null)
      .where('p.paidUntil', '>', now - RENEWAL_MARGIN_MS)
      .execute();
    return [...new Set([...rows, ...renewing].map((r) => r.packageId))];
  }

  async ensurePackage(
    p: { id: number; name: string; description: string; kind: 'basic' | 'premium' | 'ppv' },
    now: number,
  ): Promise<void> {
    await this.k
      .insertInto('packages')
      .values({ ...p, createdAt: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async ensureProduct(p: Insertable<ProductTable>): Promise<void> {
    await this.k
      .insertInto('products')
      .values(p)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async grant(userId: number, packageId: number, startsAt: number, source: string): Promise<void> {
    await this.k
      .insertInto('entitlements')
      .values({ userId, packageId, startsAt, endsAt: null, source, createdAt: startsAt })
      .onConflict((oc) => oc.columns(['userId', 'packageId']).doNothing())
      .execute();
  }

  async maxPackageId(): Promise<number> {
    const row = await this.k
      .selectFrom('packages')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  findPpvProductByEvent(eventId: number): Promise<ProductRow | undefined> {
    return this.k.selectFrom('products').selectAll().where('eventId', '=', eventId).executeTakeFirst();
  }
}
