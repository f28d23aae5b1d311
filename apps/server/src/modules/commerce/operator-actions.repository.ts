import type { Kysely, Transaction } from 'kysely';
import { recordAudit, type Actor } from '../../platform/audit.repository';
import type { Db } from '../../platform/database';
import { rightsEndAfter } from './billing-history.repository';
import type { PurchaseRow, PurchaseTables } from './tables';

/** An entitlement as the console shows it. */
export interface EntitlementView {
  packageId: number;
  source: string;
  startsAt: number;
  endsAt: number | null;
}

/** A refund the provider made, as the console records it. */
export interface RefundFact {
  refundId: string;
  amountCents: number;
  currency: string;
  refundedCents: number;
}

const inserted = (result: { numInsertedOrUpdatedRows?: bigint }) => Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
const live = (e: EntitlementView | undefined, now: number): e is EntitlementView =>
  e !== undefined && e.startsAt <= now && (e.endsAt === null || e.endsAt > now);

/** The console's commerce changes (issue 27): each with its audit row in one transaction. */
export class OperatorCommerceRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PurchaseTables> {
    return this.db.kysely<PurchaseTables>();
  }

  async packageExists(packageId: number): Promise<boolean> {
    return (
      (await this.k.selectFrom('packages').select('id').where('id', '=', packageId).executeTakeFirst()) !== undefined
    );
  }

  private entitlement(
    q: Kysely<PurchaseTables> | Transaction<PurchaseTables>,
    userId: number,
    packageId: number,
  ): Promise<EntitlementView | undefined> {
    return q
      .selectFrom('entitlements')
      .select(['packageId', 'source', 'startsAt', 'endsAt'])
      .where('userId', '=', userId)
      .where('packageId', '=', packageId)
      .executeTakeFirst();
  }

  /**
   * Grants the package until `endsAt` (source 'grant'). A package owned now for as long or
   * longer is left as it is (answered as 'covered'); a lapsed one starts again now.
   */
  async grantUntil(
    userId: number,
    packageId: number,
    endsAt: number,
    now: number,
    actor: Actor,
    reason: string,
  ): Promise<{ covered: boolean; row: EntitlementView }> {
    return this.k.transaction().execute(async (trx) => {
      const before = await this.entitlement(trx, userId, packageId);
      if (live(before, now) && (before.endsAt === null || before.endsAt >= endsAt))
        return { covered: true, row: before };
      const row: EntitlementView = {
        packageId,
        source: 'grant',
        startsAt: live(before, now) ? before.startsAt : now,
        endsAt,
      };
      if (before)
        await trx
          .updateTable('entitlements')
          .set({ source: row.source, startsAt: row.startsAt, endsAt })
          .where('userId', '=', userId)
          .where('packageId', '=', packageId)
          .execute();
      else
        await trx
          .insertInto('entitlements')
          .values({ userId, packageId, startsAt: now, endsAt, source: 'grant', createdAt: now })
          .execute();
      await recordAudit(trx, actor, now, {
        action: 'package.grant',
        subjectType: 'user',
        subjectId: userId,
        before: before ?? null,
        after: { ...row, reason },
      });
      return { covered: false, row };
    });
  }

  /**
   * Ends the package now. Its source becomes 'revoked', so a renewing subscription's margin
   * (source 'purchase') does not keep it; a later renewal or purchase grants it again.
   */
  async revoke(
    userId: number,
    packageId: number,
    now: number,
    actor: Actor,
    reason: string,
  ): Promise<EntitlementView | null> {
    return this.k.transaction().execute(async (trx) => {
      const before = await this.entitlement(trx, userId, packageId);
      if (!live(before, now)) return null;
      await trx
        .updateTable('entitlements')
        .set({ endsAt: now, source: 'revoked' })
        .where('userId', '=', userId)
        .where('packageId', '=', packageId)
        .execute();
      const row = { ...before, endsAt: now, source: 'revoked' };
      await recordAudit(trx, actor, now, {
        action: 'package.revoke',
        subjectType: 'user',
        subjectId: userId,
        before,
        after: { ...row, reason },
      });
      return row;
    });
  }

  purchase(purchaseId: string): Promise<PurchaseRow | undefined> {
    return this.k.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirst();
  }

  /** Whether the console refunded this purchase already. */
  async refundRecorded(purchaseId: string): Promise<boolean> {
    return (
      (await this.k
        .selectFrom('billingNotices')
        .select('factKey')
        .where('factKey', '=', `operator-refund:${purchaseId}`)
        .executeTakeFirst()) !== undefined
    );
  }

  /**
   * Records an operator's refund once per purchase (the notice key is the claim): the
   * purchase is paid until now, its package's purchased entitlement ends now (unless another
   * live purchase of it paid for longer), and the audit row is written. False when another
   * request recorded it first.
   */
  async refunded(
    purchase: PurchaseRow,
    refund: RefundFact,
    ownedBefore: boolean,
    now: number,
    actor: Actor,
    reason: string,
  ): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('billingNotices')
        .values({
          factKey: `operator-refund:${purchase.id}`,
          userId: purchase.userId,
          kind: 'operator-refund',
          at: now,
        })
        .onConflict((oc) => oc.column('factKey').doNothing())
        .executeTakeFirst();
      if (!inserted(claim)) return false;
      await trx
        .updateTable('purchases')
        .set({ paidUntil: now })
        .where('id', '=', purchase.id)
        .where((eb) => eb.or([eb('paidUntil', 'is', null), eb('paidUntil', '>', now)]))
        .execute();
      // A refunded subscription has ended (its provider side too): it is not shown as renewing.
      if (purchase.subscriptionId)
        await trx
          .updateTable('purchases')
          .set({ endedAt: now })
          .where('id', '=', purchase.id)
          .where('endedAt', 'is', null)
          .execute();
      const until = await rightsEndAfter(trx, purchase, now);
      // Source 'refunded' once it ends: a renewing subscription's margin (source 'purchase') must not keep it.
      await trx
        .updateTable('entitlements')
        .set({ endsAt: until, source: until > now ? 'purchase' : 'refunded' })
        .where('userId', '=', purchase.userId)
        .where('packageId', '=', purchase.packageId)
        .where('source', '=', 'purchase')
        .where((eb) => eb.or([eb('endsAt', 'is', null), eb('endsAt', '>', until)]))
        .execute();
      await recordAudit(trx, actor, now, {
        action: 'purchase.refund',
        subjectType: 'purchase',
        subjectId: purchase.id,
        before: {
          userId: purchase.userId,
          packageId: purchase.packageId,
          owned: ownedBefore,
          paidUntil: purchase.paidUntil,
        },
        after: { ...refund, owned: until > now, paidUntil: now, reason },
      });
      return true;
    });
  }
}
