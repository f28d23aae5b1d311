import type { Insertable, Kysely, Transaction } from 'kysely';
import { recordAudit, type Actor } from '../../platform/audit.repository';
import type { Db } from '../../platform/database';
import type { ProductRow, PurchaseLogTable, PurchaseRow, PurchaseTable, PurchaseTables } from './tables';

/** The purchase log row of an outcome, less what the repository fills in. */
export type LogInput = Omit<Insertable<PurchaseLogTable>, 'id' | 'createdAt' | 'activation'>;

export interface Fulfilment {
  purchaseId: string;
  /** The confirmed payment (its payment intent): a second fulfilment with the same key does nothing. */
  paymentKey: string;
  /** The webhook event that told us, if one did: a replayed event does nothing. */
  event: { id: string; type: string } | null;
  userId: number;
  packageId: number;
  startsAt: number;
  endsAt: number;
  log: LogInput;
  logId: string;
  now: number;
  /** A switch waiting for this renewal: the purchase becomes that product before the period is granted. */
  switchTo?: SwitchTarget;
}

/** The product a subscription switches to. */
export interface SwitchTarget {
  productId: number;
  packageId: number;
  title: string;
  subtitle: string;
  amountCents: number;
}

const inserted = (result: { numInsertedOrUpdatedRows?: bigint }) => Number(result.numInsertedOrUpdatedRows ?? 0) > 0;

/** Who at the console made a change, and why (the audit row's). */
export interface OperatorCause {
  actor: Actor;
  reason: string;
}

/** All SQL of purchases, payments, the purchase log and processed provider events. */
export class PurchasesRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PurchaseTables> {
    return this.db.kysely<PurchaseTables>();
  }

  product(id: number): Promise<ProductRow | undefined> {
    return this.k.selectFrom('products').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  }

  async customerOf(userId: number): Promise<string | undefined> {
    return (
      await this.k.selectFrom('paymentCustomers').select('customerId').where('userId', '=', userId).executeTakeFirst()
    )?.customerId;
  }

  /** Keeps the first customer saved for a user (two tabs buying at once agree on one). */
  async saveCustomer(userId: number, customerId: string, now: number): Promise<string> {
    await this.k
      .insertInto('paymentCustomers')
      .values({ userId, customerId, createdAt: now })
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute();
    return (await this.customerOf(userId)) ?? customerId;
  }

  async insertPurchase(row: Insertable<PurchaseTable>): Promise<void> {
    await this.k.insertInto('purchases').values(row).execute();
  }

  /** The provider's ids of a started purchase, and a trial's end as the provider set it. */
  async setPaymentRefs(
    id: string,
    paymentIntentId: string | null,
    subscriptionId: string | null,
    trialEndsAt: number | null,
  ): Promise<void> {
    await this.k
      .updateTable('purchases')
      .set({ paymentIntentId, subscriptionId, ...(trialEndsAt !== null ? { trialEndsAt } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /** A customer's trials still waiting for their card. */
  pendingTrialsOf(customerId: string): Promise<PurchaseRow[]> {
    return this.k
      .selectFrom('purchases')
      .selectAll()
      .where('customerId', '=', customerId)
      .where('status', '=', 'pending')
      .where('trialEndsAt', 'is not', null)
      .where('subscriptionId', 'is not', null)
      .execute();
  }

  purchase(id: string): Promise<PurchaseRow | undefined> {
    return this.k.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byPaymentIntent(paymentIntentId: string): Promise<PurchaseRow | undefined> {
    return this.k.selectFrom('purchases').selectAll().where('paymentIntentId', '=', paymentIntentId).executeTakeFirst();
  }

  bySubscription(subscriptionId: string): Promise<PurchaseRow | undefined> {
    return this.k.selectFrom('purchases').selectAll().where('subscriptionId', '=', subscriptionId).executeTakeFirst();
  }

  /** Pending purchases whose payment was created: the provider may have confirmed them while we were down. */
  unconfirmed(createdBefore: number, limit: number): Promise<PurchaseRow[]> {
    return (
      this.k
        .selectFrom('purchases')
        .selectAll()
        .where('status', '=', 'pending')
        // A trial has no payment yet: its subscription (and the card it collects) is asked about.
        .where((eb) =>
          eb.or([
            eb('paymentIntentId', 'is not', null),
            eb.and([eb('subscriptionId', 'is not', null), eb('trialEndsAt', 'is not', null)]),
          ]),
        )
        .where('createdAt', '<=', createdBefore)
        .orderBy('createdAt')
        .limit(limit)
        .execute()
    );
  }

  /** The user's subscriptions in their grace period (a renewal failed), oldest first. */
  pastDueOf(userId: number): Promise<PurchaseRow[]> {
    return this.k
      .selectFrom('purchases')
      .selectAll()
      .where('userId', '=', userId)
      .where('status', '=', 'fulfilled')
      .where('graceUntil', 'is not', null)
      .where('endedAt', 'is', null)
      .orderBy('graceUntil')
      .execute();
  }

  /** The banner's one question: the user's earliest-ending grace period, if any (by the user's index). */
  alertOf(userId: number): Promise<{ id: string; title: string; graceUntil: number | null } | undefined> {
    return this.k
      .selectFrom('purchases')
      .select(['id', 'title', 'graceUntil'])
      .where('userId', '=', userId)
      .where('graceUntil', 'is not', null)
      .where('endedAt', 'is', null)
      .where('status', '=', 'fulfilled')
      .orderBy('graceUntil')
      .limit(1)
      .executeTakeFirst();
  }

  /** Grace periods over by `now` and not paid. */
  graceExpired(now: number, limit: number): Promise<PurchaseRow[]> {
    return this.k
      .selectFrom('purchases')
      .selectAll()
      .where('graceUntil', '<=', now)
      .where('endedAt', 'is', null)
      .where('status', '=', 'fulfilled')
      .orderBy('graceUntil')
      .limit(limit)
      .execute();
  }

  fulfilledOf(userId: number): Promise<PurchaseRow[]> {
    return this.k
      .selectFrom('purchases')
      .selectAll()
      .where('userId', '=', userId)
      .where('status', '=', 'fulfilled')
      .orderBy('createdAt', 'desc')
      .execute();
  }

  logOf(purchaseId: string): Promise<Array<{ activation: string }>> {
    return this.k
      .selectFrom('purchaseLog')
      .select('activation')
      .where('purchaseId', '=', purchaseId)
      .orderBy('createdAt')
      .execute();
  }

  /** Records an event once; false when it was seen before. */
  private async firstTime(
    trx: Transaction<PurchaseTables>,
    event: { id: string; type: string } | null,
    now: number,
  ): Promise<boolean> {
    if (!event) return true;
    return inserted(
      await trx
        .insertInto('paymentEvents')
        .values({ eventId: event.id, type: event.type, receivedAt: now })
        .onConflict((oc) => oc.column('eventId').doNothing())
        .executeTakeFirst(),
    );
  }

  /**
   * Grants what a confirmed payment bought, once per payment and once per event: the payment
   * row, the purchase's new state, the entitlement and the log row (OK) commit together.
   */
  fulfil(f: Fulfilment): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      if (!(await this.firstTime(trx, f.event, f.now))) return false;
      const payment = await trx
        .insertInto('payments')
        .values({ paymentKey: f.paymentKey, purchaseId: f.purchaseId, createdAt: f.now })
        .onConflict((oc) => oc.column('paymentKey').doNothing())
        .executeTakeFirst();
      if (!inserted(payment)) return false;
      const current = await trx
        .selectFrom('purchases')
        .select(['paidUntil', 'fulfilledAt', 'endedAt', 'packageId', 'pendingProductId'])
        .where('id', '=', f.purchaseId)
        .executeTakeFirstOrThrow();
      // A payment reported after the provider ended the subscription grants nothing past that end.
      const endsAt = current.endedAt === null ? f.endsAt : Math.min(f.endsAt, current.endedAt);
      let packageId = f.packageId;
      if (f.switchTo && current.pendingProductId === f.switchTo.productId) {
        // The renewal that makes a downgrade (or same-price switch) happen: the old package ends where the paid period did.
        const to = f.switchTo;
        await trx
          .updateTable('purchases')
          .set({
            productId: to.productId,
            packageId: to.packageId,
            title: to.title,
            subtitle: to.subtitle,
            amountCents: to.amountCents,
            pendingProductId: null,
            pendingEffectiveAt: null,
          })
          .where('id', '=', f.purchaseId)
          .execute();
        await this.endEntitlement(
          trx,
          f.purchaseId,
          f.userId,
          current.packageId,
          Math.min(f.startsAt, current.paidUntil ?? f.startsAt),
        );
        packageId = to.packageId;
      }
      await trx
        .updateTable('purchases')
        // Paid: any grace period is over, with no gap (the paid period follows the one that failed).
        .set({
          status: 'fulfilled',
          paidUntil: Math.max(current.paidUntil ?? 0, endsAt),
          fulfilledAt: current.fulfilledAt ?? f.now,
          graceUntil: null,
        })
        .where('id', '=', f.purchaseId)
        .execute();
      await this.extendEntitlement(trx, f.userId, packageId, f.startsAt, endsAt, f.now);
      await trx
        .insertInto('purchaseLog')
        .values({ ...f.log, id: f.logId, activation: 'OK', createdAt: f.now })
        .execute();
      return true;
    });
  }

  /** The package is owned until `endsAt`: an open-ended grant stays open, a longer one stays longer. */
  private async extendEntitlement(
    trx: Transaction<PurchaseTables>,
    userId: number,
    packageId: number,
    startsAt: number,
    endsAt: number,
    now: number,
  ): Promise<void> {
    const existing = await trx
      .selectFrom('entitlements')
      .selectAll()
      .where('userId', '=', userId)
      .where('packageId', '=', packageId)
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('entitlements')
        .values({ userId, packageId, startsAt, endsAt, source: 'purchase', createdAt: now })
        .execute();
      return;
    }
    if (existing.endsAt === null) return;
    const lapsed = existing.endsAt <= startsAt;
    await trx
      .updateTable('entitlements')
      .set({
        startsAt: lapsed ? startsAt : Math.min(existing.startsAt, startsAt),
        endsAt: Math.max(existing.endsAt, endsAt),
        source: 'purchase',
      })
      .where('userId', '=', userId)
      .where('packageId', '=', packageId)
      .execute();
  }

  /** A payment the provider refused: one FAIL log row per event (or per call without one). */
  recordFailure(
    event: { id: string; type: string } | null,
    log: LogInput,
    logId: string,
    now: number,
  ): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      if (!(await this.firstTime(trx, event, now))) return false;
      await trx
        .insertInto('purchaseLog')
        .values({ ...log, id: logId, activation: 'FAIL', createdAt: now })
        .execute();
      return true;
    });
  }

  /**
   * A subscription's state changed at the provider: cancelled at period end, or ended. An end
   * cuts the package's entitlement back to it (never past what another live purchase of the
   * same package paid for), in the same transaction as the event's record.
   */
  subscriptionChanged(
    event: { id: string; type: string },
    purchaseId: string,
    change: { cancelAtPeriodEnd?: boolean; endedAt?: number },
    now: number,
  ): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      if (!(await this.firstTime(trx, event, now))) return false;
      const set: Partial<Insertable<PurchaseTable>> = {};
      if (change.cancelAtPeriodEnd !== undefined) set.cancelAtPeriodEnd = change.cancelAtPeriodEnd ? 1 : 0;
      if (change.endedAt !== undefined) {
        const purchase = await trx
          .selectFrom('purchases')
          .select(['userId', 'packageId', 'paidUntil', 'endedAt'])
          .where('id', '=', purchaseId)
          .executeTakeFirstOrThrow();
        const endedAt = purchase.endedAt === null ? change.endedAt : Math.min(purchase.endedAt, change.endedAt);
        set.endedAt = endedAt;
        if (purchase.paidUntil !== null && purchase.paidUntil > endedAt) set.paidUntil = endedAt;
        await this.endEntitlement(trx, purchaseId, purchase.userId, purchase.packageId, endedAt);
      }
      if (Object.keys(set).length > 0)
        await trx.updateTable('purchases').set(set).where('id', '=', purchaseId).execute();
      return true;
    });
  }

  /** The purchased package ends at `endedAt`, or when the user's other live purchase of it does. */
  private async endEntitlement(
    trx: Transaction<PurchaseTables>,
    purchaseId: string,
    userId: number,
    packageId: number,
    endedAt: number,
  ): Promise<void> {
    const other = await trx
      .selectFrom('purchases')
      .select((eb) => eb.fn.max('paidUntil').as('paidUntil'))
      .where('userId', '=', userId)
      .where('packageId', '=', packageId)
      .where('status', '=', 'fulfilled')
      .where('endedAt', 'is', null)
      .where('id', '!=', purchaseId)
      .executeTakeFirst();
    const until = Math.max(endedAt, Number(other?.paidUntil ?? 0));
    // Only what purchases granted: an open-ended grant (registration, the demo) is not a purchase's to cut.
    await trx
      .updateTable('entitlements')
      .set({ endsAt: until })
      .where('userId', '=', userId)
      .where('packageId', '=', packageId)
      .where('source', '=', 'purchase')
      .where('endsAt', 'is not', null)
      .where('endsAt', '>', until)
      .execute();
  }

  /**
   * A renewal failed: the purchase enters its grace period (from the first failure; a retry's
   * failure keeps it) and the package stays owned until its end. Null when the event was seen
   * or the subscription already ended; else the grace period's end.
   */
  enterGrace(
    event: { id: string; type: string },
    purchaseId: string,
    failedAt: number,
    graceUntil: number,
    log: LogInput,
    logId: string,
    now: number,
  ): Promise<number | null> {
    return this.k.transaction().execute(async (trx) => {
      if (!(await this.firstTime(trx, event, now))) return null;
      const purchase = await trx
        .selectFrom('purchases')
        .select(['userId', 'packageId', 'graceUntil', 'endedAt', 'status'])
        .where('id', '=', purchaseId)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('purchaseLog')
        .values({ ...log, id: logId, activation: 'FAIL', createdAt: now })
        .execute();
      if (purchase.endedAt !== null || purchase.status !== 'fulfilled') return null;
      const until = purchase.graceUntil ?? graceUntil;
      if (purchase.graceUntil === null)
        await trx
          .updateTable('purchases')
          .set({ graceUntil: until })
          .where('id', '=', purchaseId)
          .where('graceUntil', 'is', null)
          .execute();
      // From the failure, however late its news came: owned without a gap.
      await this.extendEntitlement(trx, purchase.userId, purchase.packageId, Math.min(failedAt, now), until, now);
      return until;
    });
  }

  /** A grace period over unpaid: the subscription ends at its end, and so does the package. True once. */
  endUnpaid(purchaseId: string, endedAt: number): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const purchase = await trx
        .selectFrom('purchases')
        .select(['userId', 'packageId', 'paidUntil', 'endedAt', 'graceUntil'])
        .where('id', '=', purchaseId)
        .executeTakeFirstOrThrow();
      if (purchase.endedAt !== null || purchase.graceUntil === null) return false;
      const ended = await trx
        .updateTable('purchases')
        .set({ endedAt })
        .where('id', '=', purchaseId)
        .where('endedAt', 'is', null)
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) === 0) return false;
      await this.endEntitlement(trx, purchaseId, purchase.userId, purchase.packageId, endedAt);
      return true;
    });
  }

  /**
   * An upgrade paid at once: the purchase becomes the new product, the old package ends now
   * and the new one is owned to the paid period's end. Once per `paymentKey` (the proration's invoice).
   */
  switchNow(paymentKey: string, purchaseId: string, to: SwitchTarget, now: number): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const payment = await trx
        .insertInto('payments')
        .values({ paymentKey, purchaseId, createdAt: now })
        .onConflict((oc) => oc.column('paymentKey').doNothing())
        .executeTakeFirst();
      if (!inserted(payment)) return false;
      const purchase = await trx
        .selectFrom('purchases')
        .select(['userId', 'packageId', 'paidUntil'])
        .where('id', '=', purchaseId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('purchases')
        .set({
          productId: to.productId,
          packageId: to.packageId,
          title: to.title,
          subtitle: to.subtitle,
          amountCents: to.amountCents,
          pendingProductId: null,
          pendingEffectiveAt: null,
        })
        .where('id', '=', purchaseId)
        .execute();
      await this.endEntitlement(trx, purchaseId, purchase.userId, purchase.packageId, now);
      await this.extendEntitlement(trx, purchase.userId, to.packageId, now, purchase.paidUntil ?? now, now);
      return true;
    });
  }

  async setPendingSwitch(purchaseId: string, productId: number | null, effectiveAt: number | null): Promise<void> {
    await this.k
      .updateTable('purchases')
      .set({ pendingProductId: productId, pendingEffectiveAt: effectiveAt })
      .where('id', '=', purchaseId)
      .execute();
  }

  /** An operator's cancellation writes its audit row in the same transaction (issue 27). */
  async setCancelAtPeriodEnd(
    purchaseId: string,
    flag: boolean,
    audit?: OperatorCause & { at: number; userId: number },
  ): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx
        .updateTable('purchases')
        .set({ cancelAtPeriodEnd: flag ? 1 : 0 })
        .where('id', '=', purchaseId)
        .execute();
      if (audit) {
        await recordAudit(trx, audit.actor, audit.at, {
          action: flag ? 'subscription.cancel' : 'subscription.reactivate',
          subjectType: 'purchase',
          subjectId: purchaseId,
          before: { cancelAtPeriodEnd: !flag },
          after: { cancelAtPeriodEnd: flag, userId: audit.userId, reason: audit.reason },
        });
      }
    });
  }

  /** Records an event that changes nothing of ours, so a replay is recognised too. */
  async seen(event: { id: string; type: string }, now: number): Promise<boolean> {
    return this.k.transaction().execute((trx) => this.firstTime(trx, event, now));
  }
}
