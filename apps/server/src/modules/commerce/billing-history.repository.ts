import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from '../../platform/database';
import type { BillingEntryRow, BillingEntryTable, PurchaseRow, PurchaseTables } from './tables';

/** A history line to record; the receipt number is drawn here when it gets one. */
export type NewBillingEntry = Omit<Insertable<BillingEntryTable>, 'receiptNumber'>;

/** Where a page of the history starts: after this line (newest first). */
export interface HistoryCursor {
  at: number;
  id: string;
}

/** Receipt numbers: 'PAN-2026-000123'. */
export const RECEIPT_PREFIX = 'PAN';
export const receiptNumber = (year: number, n: number) => `${RECEIPT_PREFIX}-${year}-${String(n).padStart(6, '0')}`;

const inserted = (result: { numInsertedOrUpdatedRows?: bigint }) => Number(result.numInsertedOrUpdatedRows ?? 0) > 0;

/** All SQL of the billing history, its receipts and refunds. */
export class BillingHistoryRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PurchaseTables> {
    return this.db.kysely<PurchaseTables>();
  }

  /**
   * Records a line once per fact key; a payment or refund draws the year's next receipt number
   * in the same transaction. The counter's row is locked by its update until commit, so two
   * processes never draw one number, and a replay (nothing inserted) draws none.
   */
  record(entry: NewBillingEntry, withReceipt: boolean): Promise<BillingEntryRow | null> {
    return this.k.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('billingEntries')
        .values({ ...entry, receiptNumber: null })
        .onConflict((oc) => oc.column('factKey').doNothing())
        .executeTakeFirst();
      if (!inserted(added)) return null;
      if (withReceipt) {
        const year = new Date(entry.at).getUTCFullYear();
        await trx
          .insertInto('receiptCounters')
          .values({ year, last: 0 })
          .onConflict((oc) => oc.column('year').doNothing())
          .execute();
        const { last } = await trx
          .updateTable('receiptCounters')
          .set((eb) => ({ last: eb('last', '+', 1) }))
          .where('year', '=', year)
          .returning('last')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('billingEntries')
          .set({ receiptNumber: receiptNumber(year, Number(last)) })
          .where('id', '=', entry.id)
          .execute();
      }
      return (await trx.selectFrom('billingEntries').selectAll().where('id', '=', entry.id).executeTakeFirst()) ?? null;
    });
  }

  /** A fact mailed without a history line: true the first time its key is seen. */
  async notice(factKey: string, userId: number, kind: string, at: number): Promise<boolean> {
    return inserted(
      await this.k
        .insertInto('billingNotices')
        .values({ factKey, userId, kind, at })
        .onConflict((oc) => oc.column('factKey').doNothing())
        .executeTakeFirst(),
    );
  }

  /** One page of a user's history, newest first: `limit` lines after the cursor. */
  page(userId: number, limit: number, after: HistoryCursor | null): Promise<BillingEntryRow[]> {
    let query = this.k.selectFrom('billingEntries').selectAll().where('userId', '=', userId);
    if (after)
      query = query.where((eb) =>
        eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
      );
    return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  entry(id: string): Promise<BillingEntryRow | undefined> {
    return this.k.selectFrom('billingEntries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byFactKey(factKey: string): Promise<BillingEntryRow | undefined> {
    return this.k.selectFrom('billingEntries').selectAll().where('factKey', '=', factKey).executeTakeFirst();
  }

  /** The purchase's latest payment line (what a refund of it is measured against). */
  latestPayment(purchaseId: string): Promise<BillingEntryRow | undefined> {
    return this.k
      .selectFrom('billingEntries')
      .selectAll()
      .where('purchaseId', '=', purchaseId)
      .where('kind', '=', 'payment')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  purchase(id: string): Promise<PurchaseRow | undefined> {
    return this.k.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The purchase a payment intent paid: its first payment, or any confirmed one (renewals). */
  async purchaseOfPayment(paymentIntentId: string): Promise<PurchaseRow | undefined> {
    const first = await this.k
      .selectFrom('purchases')
      .selectAll()
      .where('paymentIntentId', '=', paymentIntentId)
      .executeTakeFirst();
    if (first) return first;
    const payment = await this.k
      .selectFrom('payments')
      .select('purchaseId')
      .where('paymentKey', '=', paymentIntentId)
      .executeTakeFirst();
    return payment ? this.purchase(payment.purchaseId) : undefined;
  }

  /** The payment intent of the purchase's latest confirmed payment (the one a refund returns). */
  async latestPaymentIntent(purchase: PurchaseRow): Promise<string | null> {
    const rows = await this.k
      .selectFrom('payments')
      .select(['paymentKey', 'createdAt'])
      .where('purchaseId', '=', purchase.id)
      .orderBy('createdAt', 'desc')
      .execute();
    const pi = rows.find((r) => r.paymentKey.startsWith('pi_'))?.paymentKey;
    return pi ?? (purchase.status === 'fulfilled' ? purchase.paymentIntentId : null);
  }

  /**
   * A refunded pay-per-view is owned no more: the purchase is paid until now and the package's
   * purchased entitlement ends now, unless another live purchase of it paid for longer.
   */
  async endRights(purchase: PurchaseRow, now: number): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('purchases')
        .select(['paidUntil'])
        .where('id', '=', purchase.id)
        .executeTakeFirstOrThrow();
      if (current.paidUntil !== null && current.paidUntil <= now) return false;
      await trx.updateTable('purchases').set({ paidUntil: now }).where('id', '=', purchase.id).execute();
      const until = await rightsEndAfter(trx, purchase, now);
      await trx
        .updateTable('entitlements')
        .set({ endsAt: until })
        .where('userId', '=', purchase.userId)
        .where('packageId', '=', purchase.packageId)
        .where('source', '=', 'purchase')
        .where('endsAt', 'is not', null)
        .where('endsAt', '>', until)
        .execute();
      return true;
    });
  }

  /** The user's history for the data export, oldest first. */
  entriesOf(userId: number): Promise<BillingEntryRow[]> {
    return this.k
      .selectFrom('billingEntries')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }

  /** The lines stay for accounting with the buyer blanked; the mail markers go. */
  async anonymise(userId: number): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx
        .updateTable('billingEntries')
        .set({ buyerName: '', buyerEmail: '' })
        .where('userId', '=', userId)
        .execute();
      await trx.deleteFrom('billingNotices').where('userId', '=', userId).execute();
    });
  }
}

/**
 * When the package of `purchase` stops being owned once that purchase is ended at `now`: now,
 * or later while another live purchase of the same package is paid beyond it.
 */
export async function rightsEndAfter(
  trx: Transaction<PurchaseTables>,
  purchase: PurchaseRow,
  now: number,
): Promise<number> {
  const other = await trx
    .selectFrom('purchases')
    .select((eb) => eb.fn.max('paidUntil').as('paidUntil'))
    .where('userId', '=', purchase.userId)
    .where('packageId', '=', purchase.packageId)
    .where('status', '=', 'fulfilled')
    .where('endedAt', 'is', null)
    .where('id', '!=', purchase.id)
    .executeTakeFirst();
  return Math.max(now, Number(other?.paidUntil ?? 0));
}
