import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { PackageRow, ProductRow, ProductTable, CommerceTables } from './tables';

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
    return rows.map((r) => r.packageId);
  }

  async ensurePackage(p: { id: number; name: string; description: string; kind: 'basic' | 'premium' | 'ppv' }, now: number): Promise<void> {
    await this.k
      .insertInto('packages')
      .values({ ...p, createdAt: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async ensureProduct(p: Insertable<ProductTable>): Promise<void> {
    await this.k.insertInto('products').values(p).onConflict((oc) => oc.column('id').doNothing()).execute();
  }

  async grant(userId: number, packageId: number, startsAt: number, source: string): Promise<void> {
    await this.k
      .insertInto('entitlements')
      .values({ userId, packageId, startsAt, endsAt: null, source, createdAt: startsAt })
      .onConflict((oc) => oc.columns(['userId', 'packageId']).doNothing())
      .execute();
  }

  async maxPackageId(): Promise<number> {
    const row = await this.k.selectFrom('packages').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  findPpvProductByEvent(eventId: number): Promise<ProductRow | undefined> {
    return this.k.selectFrom('products').selectAll().where('eventId', '=', eventId).executeTakeFirst();
  }

}
