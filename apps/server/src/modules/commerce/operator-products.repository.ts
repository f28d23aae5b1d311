import { sql, type Kysely, type Updateable } from 'kysely';
import { recordAudit, type Actor, type AuditChange } from '../../platform/audit.repository';
import type { Db } from '../../platform/database';
import type { PackageRow, ProductRow, ProductTable, PurchaseTables } from './tables';

const DAY_MS = 86_400_000;

/** One price change as product_prices keeps it. */
export interface ProductPriceTable {
  productId: number;
  version: number;
  amountCents: number;
  currency: string;
  previousCents: number;
  previousCurrency: string;
  providerPriceId: string | null;
  at: number;
  actorEmail: string;
}

interface Tables extends PurchaseTables {
  productPrices: ProductPriceTable;
}

/** The columns the console changes on a product. */
export type ProductChange = Pick<
  Updateable<ProductTable>,
  'title' | 'packageId' | 'fcIni' | 'fcEnd' | 'providerPriceId'
>;

/** A product with its package's name. */
export type ProductWithPackage = ProductRow & { packageName: string };

/** The console's product list filter and page. */
export interface ProductFilter {
  kind?: 'subscription' | 'ppv';
  /** Part of the title, any case. */
  q?: string;
  /** Products with a smaller id (the previous page's last). */
  beforeId?: number;
  limit: number;
}

/** The price a change sets. */
export interface NewPrice {
  amountCents: number;
  currency: string;
  providerPriceId: string;
}

/** One UTC day's sales: its first ms, purchases paid that day and their amount. */
export interface SalesDay {
  at: number;
  count: number;
  grossCents: number;
}

/** The SQL of the console's products and prices (issue 27). */
export class OperatorProductsRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<Tables> {
    return this.db.kysely<Tables>();
  }

  private withPackage() {
    return this.k
      .selectFrom('products as p')
      .innerJoin('packages as k', 'k.id', 'p.packageId')
      .selectAll('p')
      .select('k.name as packageName');
  }

  /** A page, newest id first (keyset on the primary key; `products_kind_id` serves the kind filter). */
  list(filter: ProductFilter): Promise<ProductWithPackage[]> {
    let q = this.withPackage().orderBy('p.id', 'desc').limit(filter.limit);
    if (filter.kind) q = q.where('p.kind', '=', filter.kind);
    if (filter.beforeId !== undefined) q = q.where('p.id', '<', filter.beforeId);
    // LIKE's wildcards typed by the operator are searched as letters (dropped), lower() on both sides for both databases.
    const term = filter.q?.toLowerCase().replace(/[%_\\]/g, '');
    if (term) q = q.where(sql<string>`lower(p.title)`, 'like', `%${term}%`);
    return q.execute();
  }

  find(id: number): Promise<ProductWithPackage | undefined> {
    return this.withPackage().where('p.id', '=', id).executeTakeFirst();
  }

  /** The last price changes, newest first. */
  prices(productId: number, limit: number): Promise<ProductPriceTable[]> {
    return this.k
      .selectFrom('productPrices')
      .selectAll()
      .where('productId', '=', productId)
      .orderBy('version', 'desc')
      .limit(limit)
      .execute();
  }

  /** What a product may sell: every package but PPV events' (few), plus the one it sells now. */
  packageChoices(currentPackageId: number): Promise<PackageRow[]> {
    return this.k
      .selectFrom('packages')
      .selectAll()
      .where((eb) => eb.or([eb('kind', '!=', 'ppv'), eb('id', '=', currentPackageId)]))
      .orderBy('id')
      .execute();
  }

  findPackage(id: number): Promise<PackageRow | undefined> {
    return this.k.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Title, package, sale window: the change and its audit row in one transaction. */
  async update(
    id: number,
    change: ProductChange,
    actor: Actor,
    at: number,
    audit: Pick<AuditChange, 'before' | 'after'>,
  ): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx.updateTable('products').set(change).where('id', '=', id).execute();
      await recordAudit(trx, actor, at, { action: 'product.update', subjectType: 'product', subjectId: id, ...audit });
    });
  }

  /**
   * Sets the price new purchases pay, only when the product is still at `expectedVersion`
   * (compare-and-set): false when another change came first. History and audit in the same transaction.
   */
  async setPrice(
    product: ProductRow,
    expectedVersion: number,
    price: NewPrice,
    actor: Actor,
    at: number,
  ): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const version = expectedVersion + 1;
      const result = await trx
        .updateTable('products')
        .set({
          priceCents: price.amountCents,
          currency: price.currency,
          providerPriceId: price.providerPriceId,
          priceVersion: version,
        })
        .where('id', '=', product.id)
        .where('priceVersion', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('productPrices')
        .values({
          productId: product.id,
          version,
          amountCents: price.amountCents,
          currency: price.currency,
          previousCents: product.priceCents,
          previousCurrency: product.currency,
          providerPriceId: price.providerPriceId,
          at,
          actorEmail: actor.email,
        })
        .execute();
      await recordAudit(trx, actor, at, {
        action: 'product.price',
        subjectType: 'product',
        subjectId: product.id,
        before: {
          priceCents: product.priceCents,
          currency: product.currency,
          providerPriceId: product.providerPriceId,
        },
        after: { priceCents: price.amountCents, currency: price.currency, providerPriceId: price.providerPriceId },
      });
      return true;
    });
  }

  /**
   * Purchases of a product paid in [from, to) grouped by UTC day (`purchases_product_fulfilled`
   * reads only the range); days without sales are absent.
   */
  async salesByDay(productId: number, from: number, to: number): Promise<SalesDay[]> {
    const day = sql<number>`p.fulfilled_at / ${sql.lit(DAY_MS)}`;
    const rows = await this.k
      .selectFrom('purchases as p')
      .select([
        day.as('day'),
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.sum<number>('p.amountCents').as('gross'),
      ])
      .where('p.productId', '=', productId)
      .where('p.fulfilledAt', '>=', from)
      .where('p.fulfilledAt', '<', to)
      .where('p.status', '=', 'fulfilled')
      .groupBy(day)
      .execute();
    return rows.map((r) => ({
      at: Math.floor(Number(r.day)) * DAY_MS,
      count: Number(r.count),
      grossCents: Number(r.gross ?? 0),
    }));
  }
}
