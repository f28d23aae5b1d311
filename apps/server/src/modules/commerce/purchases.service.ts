import { randomBytes } from 'node:crypto';
import type {
  BillingAlert,
  ConfirmPurchaseResponse,
  OwnedPurchase,
  PurchasesResponse,
  StartPurchaseRequest,
  StartPurchaseResponse,
} from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { asSubscriber } from './provider-answers';
import type { Log } from '../../platform/logging';
import type { BillingEvents } from './billing-events';
import { ProviderRefusedError, type InvoiceView, type PaymentProvider, type ProviderEvent } from './payments/provider';
import type { LogInput, OperatorCause, PurchasesRepository, SwitchTarget } from './purchases.repository';
import type { ProductRow, PurchaseRow } from './tables';

/** The buyer as identity knows them. */
export interface Buyer {
  userId: number;
  email: string;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** One month after `start` (epoch ms), on the same day where the month has it (accounts spec 9). */
export function oneMonthAfter(start: number): number {
  const date = new Date(start);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** Subscription states in which the provider no longer bills or serves it. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** A provider timestamp (epoch seconds) as epoch ms; null when absent. */
function epochMs(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value * 1000 : null;
}

/** Called after a grant or an ended subscription, so this process's cached marks of the user are dropped at once. */
export type OnGranted = (userId: number) => void;

/** A promotion code checked for a product and user: its id at the provider and what the first charge then is. */
export interface ResolvedPromotion {
  promotionCodeId: string;
  firstChargeCents: number;
}

/** Checks a promotion code for a product (refusing it with a 4xx AppError when it does not apply). */
export type PromotionResolver = (input: {
  code: string;
  product: ProductRow;
  userId: number;
}) => Promise<ResolvedPromotion>;

export interface LifecycleOptions {
  /** Days a subscription stays owned after a failed renewal (BILLING_GRACE_DAYS). */
  graceDays: number;
  /** Promotion codes at checkout; null where none are sold. */
  promotions: PromotionResolver | null;
  /** The provider's charge.refunded, handed to refunds (refunds.ts): each refund one history line and one mail. */
  refunds?: { chargeRefunded(event: ProviderEvent): Promise<void> };
}

type PaidReason = 'purchase' | 'renewal' | 'recovery' | 'trial_conversion' | 'proration';

/** A charge the billing history is told about once fulfilment recorded it. */
interface PaidFact {
  reason: PaidReason;
  amountCents: number;
  currency: string;
  period: { from: number; to: number } | null;
  paymentMethodId: string | null;
}

const DAY_MS = 86_400_000;
/** Stripe's invoice.billing_reason of a subscription's first invoice and of a price change charged at once. */
const FIRST_INVOICE = 'subscription_create';
const CHANGE_INVOICE = 'subscription_update';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** What a subscription is, as the subscriber reads it, at `now`. */
export function stateOf(p: PurchaseRow, now: number): OwnedPurchase['state'] {
  if (p.endedAt !== null) return 'ended';
  if (p.graceUntil !== null) return p.graceUntil > now ? 'past_due' : 'ended';
  if (p.paidUntil !== null && p.paidUntil <= now) return 'ended';
  if (p.kind === 'ppv') return 'active';
  if (p.cancelAtPeriodEnd === 1) return 'cancelled';
  if (p.trialEndsAt !== null && p.trialEndsAt > now) return 'trialing';
  return 'active';
}

/** The invoice's subscription, period, payment and amounts, from an invoice event's object. */
function invoiceFacts(o: Record<string, unknown>) {
  const parent = o.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  const lines = (o.lines as { data?: Array<{ period?: { start?: number; end?: number } }> } | undefined)?.data ?? [];
  const payments = (o.payments as { data?: Array<{ payment?: { payment_intent?: unknown } }> } | undefined)?.data ?? [];
  const pi = payments[0]?.payment?.payment_intent;
  return {
    id: str(o.id) ?? '',
    subscriptionId: str(parent?.subscription_details?.subscription) ?? str(o.subscription),
    periodStart: num(lines[0]?.period?.start ?? o.period_start) * 1000,
    periodEnd: num(lines[0]?.period?.end ?? o.period_end) * 1000,
    paymentIntentId: str(pi) ?? str((pi as { id?: unknown } | undefined)?.id) ?? str(o.payment_intent),
    billingReason: str(o.billing_reason),
    amountPaid: num(o.amount_paid),
    amountDue: num(o.amount_due),
    currency: str(o.currency) ?? 'eur',
    attempt: num(o.attempt_count),
  };
}

/**
 * Purchases: started by the user with a product id (the price is the product's), fulfilled
 * only when the provider confirms the payment (the webhook or the server asking it), once.
 * A subscription then lives on: renewals, a grace period when one fails, reactivation,
 * switching product, trials; each fact told once to the billing history.
 */
export class PurchasesService {
  constructor(
    private readonly repo: PurchasesRepository,
    private readonly payments: PaymentProvider,
    private readonly clock: Clock,
    private readonly operator: string,
    private readonly owned: (userId: number) => Promise<number[]>,
    private readonly onGranted: OnGranted,
    private readonly log: Log,
    private readonly options: LifecycleOptions,
    private readonly events: BillingEvents,
  ) {}

  async start(
    buyer: Buyer,
    productId: number,
    holderName: string,
    choice: Pick<StartPurchaseRequest, 'useSavedCard' | 'saveCard' | 'promotionCode'> = {},
  ): Promise<StartPurchaseResponse> {
    const now = this.clock.now();
    const product = await this.repo.product(productId);
    if (!product || (product.kind === 'ppv' && product.fcEnd !== null && product.fcEnd <= now))
      throw notFound('Este producto ya no está a la venta.');
    if ((await this.owned(buyer.userId)).includes(product.packageId)) throw conflict('Ya tienes este producto.');
    const kind = product.kind === 'subscription' ? 'subscription' : 'ppv';
    let promotion: ResolvedPromotion | null = null;
    if (choice.promotionCode) {
      if (!this.options.promotions || kind !== 'subscription')
        throw badRequest('Este código promocional no es válido para este producto.');
      promotion = await this.options.promotions({ code: choice.promotionCode, product, userId: buyer.userId });
    }
    const customerId = await this.customerFor(buyer, holderName);
    const savedCard = choice.useSavedCard
      ? await asSubscriber(() => this.payments.defaultPaymentMethodOf(customerId))
      : null;
    if (choice.useSavedCard && !savedCard) throw conflict('No tienes ninguna tarjeta guardada: introduce una.');
    const trialDays = kind === 'subscription' ? product.trialDays : 0;
    const id = newId('pur');
    // What the first charge is: the product's price, less the promotion's discount (a trial's is at its end).
    const amountCents = promotion ? promotion.firstChargeCents : product.priceCents;
    await this.repo.insertPurchase({
      id,
      userId: buyer.userId,
      productId,
      packageId: product.packageId,
      kind,
      title: product.title,
      subtitle: product.subtitle,
      amountCents,
      currency: product.currency,
      holderName,
      customerId,
      paymentIntentId: null,
      subscriptionId: null,
      status: 'pending',
      paidUntil: null,
      cancelAtPeriodEnd: 0,
      endedAt: null,
      graceUntil: null,
      trialEndsAt: trialDays > 0 ? now + trialDays * DAY_MS : null,
      pendingProductId: null,
      pendingEffectiveAt: null,
      promotionCode: choice.promotionCode ?? null,
      createdAt: now,
      fulfilledAt: null,
    });
    const metadata = { purchaseId: id, userId: String(buyer.userId), packageId: String(product.packageId) };
    const card = savedCard ? { paymentMethodId: savedCard } : {};
    const payment = await asSubscriber(async () => {
      if (kind === 'ppv') {
        const pi = await this.payments.createPaymentIntent({
          customerId,
          amountCents,
          currency: product.currency,
          description: product.title,
          metadata,
          idempotencyKey: id,
          ...card,
          ...(choice.saveCard ? { saveCard: true } : {}),
        });
        return { paymentIntentId: pi.id, clientSecret: pi.clientSecret, subscriptionId: null, trialEndMs: null };
      }
      const sub = await this.payments.createSubscription({
        customerId,
        amountCents: product.priceCents,
        currency: product.currency,
        interval: product.interval ?? 'month',
        productRef: `pantalla_package_${product.packageId}`,
        productName: product.title,
        metadata,
        idempotencyKey: id,
        ...(trialDays > 0 ? { trialDays } : {}),
        ...(promotion ? { promotionCodeId: promotion.promotionCodeId } : {}),
        ...card,
        // The console's price (issue 27): a Price at the provider, so later changes leave this subscription's alone.
        ...(product.providerPriceId ? { priceId: product.providerPriceId } : {}),
      });
      return {
        paymentIntentId: sub.paymentIntentId || null,
        clientSecret: sub.clientSecret,
        subscriptionId: sub.id,
        trialEndMs: sub.trialEndMs,
      };
    });
    await this.repo.setPaymentRefs(id, payment.paymentIntentId, payment.subscriptionId, payment.trialEndMs);
    let next: StartPurchaseResponse['next'] = 'card_field';
    if (savedCard) {
      // Charged (or, a trial, set up) with the card on file: fulfilled now, the checkout shows the result.
      const purchase = await this.repo.purchase(id);
      if (purchase) await asSubscriber(() => this.settle(purchase, null));
      next = 'confirmed';
    }
    return {
      purchaseId: id,
      clientSecret: savedCard ? '' : payment.clientSecret,
      cardFormUrl: this.payments.cardFormUrl(),
      amountCents,
      currency: product.currency,
      provider: this.operator,
      next,
    };
  }

  cardField(): Promise<{ cardFormUrl: string; provider: string }> {
    return asSubscriber(async () => ({ cardFormUrl: this.payments.cardFormUrl(), provider: this.operator }));
  }

  private async customerFor(buyer: Buyer, name: string): Promise<string> {
    const known = await this.repo.customerOf(buyer.userId);
    if (known) return known;
    const created = await asSubscriber(() =>
      this.payments.createCustomer({ email: buyer.email, name, userId: buyer.userId }),
    );
    return this.repo.saveCustomer(buyer.userId, created, this.clock.now());
  }

  /** After the card field reports success: the server asks the provider itself, and fulfils once. */
  async confirm(userId: number, purchaseId: string): Promise<ConfirmPurchaseResponse> {
    const purchase = await this.repo.purchase(purchaseId);
    if (!purchase || purchase.userId !== userId) throw notFound('No existe esa compra.');
    if (purchase.status === 'pending' && (purchase.paymentIntentId || purchase.trialEndsAt !== null))
      await asSubscriber(() => this.settle(purchase, null));
    const now = (await this.repo.purchase(purchaseId)) ?? purchase;
    return { purchaseId, status: now.status, packageId: now.packageId };
  }

  /** Asks the provider about a pending purchase's payment (or a trial's card) and fulfils it if it succeeded. */
  private async settle(purchase: PurchaseRow, event: ProviderEvent | null): Promise<boolean> {
    const paymentIntentId = purchase.paymentIntentId;
    if (!paymentIntentId) return purchase.trialEndsAt !== null ? this.settleTrial(purchase, event) : false;
    const pi = await this.payments.retrievePaymentIntent(paymentIntentId);
    // Only a succeeded payment of the server's price for this purchase (less its promotion) counts.
    if (pi.status !== 'succeeded' || pi.amountCents !== purchase.amountCents) return false;
    const granted = await this.fulfil(purchase, paymentIntentId, event, {
      paid: {
        reason: 'purchase',
        amountCents: pi.amountCents,
        currency: purchase.currency,
        period: null,
        paymentMethodId: pi.paymentMethodId,
      },
    });
    if (granted && pi.setupFutureUsage === 'off_session' && pi.paymentMethodId)
      await this.keepCard(purchase, pi.paymentMethodId);
    return granted;
  }

  /** The buyer asked to keep the card that paid (saveCard): it becomes the customer's default for later purchases. */
  private async keepCard(purchase: PurchaseRow, paymentMethodId: string): Promise<void> {
    try {
      await this.payments.setDefaultPaymentMethod(purchase.customerId, paymentMethodId, []);
    } catch (error) {
      this.log.warn({ err: error, purchase: purchase.id }, 'the card to keep could not be made the default');
    }
  }

  /** A trial is owned once its card is on file (card required): until the trial's end, charging nothing now. */
  private async settleTrial(purchase: PurchaseRow, event: ProviderEvent | null): Promise<boolean> {
    const subscriptionId = purchase.subscriptionId;
    if (!subscriptionId) return false;
    const sub = await this.payments.retrieveSubscription(subscriptionId);
    if (sub.status !== 'trialing' && sub.status !== 'active') return false;
    const card =
      sub.setupIntentStatus === 'succeeded' ||
      sub.defaultPaymentMethod !== null ||
      (await this.payments.defaultPaymentMethodOf(purchase.customerId)) !== null;
    if (!card) return false;
    const trialEnd = sub.trialEndMs ?? purchase.trialEndsAt ?? sub.periodEndMs;
    return this.fulfil(purchase, `${subscriptionId}_trial`, event, { endsAt: trialEnd, paid: null });
  }

  private async fulfil(
    purchase: PurchaseRow,
    paymentKey: string,
    event: ProviderEvent | null,
    how: { endsAt?: number; paid: PaidFact | null; switchTo?: SwitchTarget },
  ): Promise<boolean> {
    // A paid period is owned from its start, however late its news came (no gap after a renewal or recovery).
    const from = how.paid?.period?.from;
    const now = this.clock.now();
    let endsAt: number;
    if (how.endsAt !== undefined) endsAt = how.endsAt;
    else if (purchase.kind === 'subscription' && purchase.subscriptionId)
      endsAt = Math.max(
        (await this.payments.retrieveSubscription(purchase.subscriptionId)).periodEndMs,
        oneMonthAfter(now),
      );
    else endsAt = (await this.repo.product(purchase.productId))?.fcEnd ?? oneMonthAfter(now);
    const granted = await this.repo.fulfil({
      purchaseId: purchase.id,
      paymentKey,
      event: event ? { id: event.id, type: event.type } : null,
      userId: purchase.userId,
      packageId: purchase.packageId,
      startsAt: from !== undefined && from > 0 ? Math.min(from, now) : now,
      endsAt,
      log: this.logOf(purchase, now),
      logId: newId('log'),
      now,
      ...(how.switchTo ? { switchTo: how.switchTo } : {}),
    });
    if (granted) {
      this.onGranted(purchase.userId);
      this.log.info(
        { purchase: purchase.id, package: how.switchTo?.packageId ?? purchase.packageId, user: purchase.userId },
        'purchase fulfilled',
      );
      const paid = how.paid;
      if (paid) {
        const period = paid.period ?? (purchase.kind === 'subscription' ? { from: now, to: endsAt } : null);
        await this.tell(
          'paid',
          async (row) =>
            this.events.paid({
              key: paymentKey,
              purchase: row,
              reason: paid.reason,
              amountCents: paid.amountCents,
              currency: paid.currency,
              at: now,
              period,
              paymentMethodId: paid.paymentMethodId,
            }),
          purchase.id,
        );
      }
    }
    return granted;
  }

  /** Tells the billing history a fact about the purchase as it now stands; its failure never undoes the fact. */
  private async tell(what: string, fact: (row: PurchaseRow) => Promise<void>, purchaseId: string): Promise<void> {
    try {
      const row = await this.repo.purchase(purchaseId);
      if (row) await fact(row);
    } catch (error) {
      this.log.warn({ err: error, purchase: purchaseId, fact: what }, 'billing history could not record a fact');
    }
  }

  private logOf(purchase: PurchaseRow, now: number): LogInput {
    return {
      purchaseId: purchase.id,
      fcIni: now,
      title: purchase.title,
      subtitle: purchase.subtitle,
      priceCents: purchase.amountCents,
      currency: purchase.currency,
      userId: purchase.userId,
      name: purchase.holderName,
      operator: this.operator,
      idPackage: purchase.packageId,
      paymentIntentId: purchase.paymentIntentId,
      subscriptionId: purchase.subscriptionId,
      customerId: purchase.customerId,
    };
  }

  /** A verified provider event: each acted on once, whatever order or how often it arrives. */
  async handleEvent(event: ProviderEvent): Promise<void> {
    const o = event.object;
    const now = this.clock.now();
    const tag = { id: event.id, type: event.type };
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const purchase = typeof o.id === 'string' ? await this.repo.byPaymentIntent(o.id) : undefined;
        // The signed event is the provider's word: a one-off purchase is fulfilled from it. A
        // subscription's payments (and renewals', which belong to no purchase) come with
        // invoice.paid, which carries the period paid for.
        if (
          purchase &&
          purchase.kind === 'ppv' &&
          purchase.paymentIntentId &&
          o.status === 'succeeded' &&
          o.amount === purchase.amountCents
        ) {
          const card = str(o.payment_method);
          const granted = await this.fulfil(purchase, purchase.paymentIntentId, event, {
            paid: {
              reason: 'purchase',
              amountCents: purchase.amountCents,
              currency: purchase.currency,
              period: null,
              paymentMethodId: card,
            },
          });
          if (granted && o.setup_future_usage === 'off_session' && card) await this.keepCard(purchase, card);
        } else await this.repo.seen(tag, now);
        return;
      }
      case 'payment_intent.payment_failed': {
        const purchase = typeof o.id === 'string' ? await this.repo.byPaymentIntent(o.id) : undefined;
        if (purchase) await this.repo.recordFailure(tag, this.logOf(purchase, now), newId('log'), now);
        else await this.repo.seen(tag, now);
        return;
      }
      case 'invoice.paid':
        return this.invoicePaid(event);
      case 'invoice.payment_failed':
        return this.invoiceFailed(event);
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptionChanged(event);
      case 'customer.subscription.trial_will_end':
        return this.trialWillEnd(event);
      case 'setup_intent.succeeded':
        return this.setupSucceeded(event);
      case 'charge.refunded':
        await this.options.refunds?.chargeRefunded(event);
        await this.repo.seen(tag, now);
        return;
      default:
        await this.repo.seen(tag, now);
    }
  }

  /** Why an invoice of this purchase was paid, as the history says it. */
  private reasonOf(purchase: PurchaseRow, billingReason: string | null, periodStart: number): PaidReason {
    if (billingReason === FIRST_INVOICE) return 'purchase';
    if (billingReason === CHANGE_INVOICE) return 'proration';
    if (purchase.graceUntil !== null) return 'recovery';
    if (purchase.trialEndsAt !== null && Math.abs(periodStart - purchase.trialEndsAt) < DAY_MS)
      return 'trial_conversion';
    return 'renewal';
  }

  /** The product a pending switch goes to, once its renewal is here. */
  private async dueSwitch(purchase: PurchaseRow, periodStart: number): Promise<SwitchTarget | undefined> {
    if (
      purchase.pendingProductId === null ||
      purchase.pendingEffectiveAt === null ||
      purchase.pendingEffectiveAt > periodStart + DAY_MS
    )
      return undefined;
    const to = await this.repo.product(purchase.pendingProductId);
    return to
      ? {
          productId: to.id,
          packageId: to.packageId,
          title: to.title,
          subtitle: to.subtitle,
          amountCents: to.priceCents,
        }
      : undefined;
  }

  /** A subscription's invoice paid (its first, a renewal, a recovery, a trial's end or an upgrade): owned to the period's end, once per payment. */
  private async invoicePaid(event: ProviderEvent): Promise<void> {
    const inv = invoiceFacts(event.object);
    const purchase = inv.subscriptionId ? await this.repo.bySubscription(inv.subscriptionId) : undefined;
    const now = this.clock.now();
    // A trial's first invoice charges nothing: no payment, nothing granted (the card's setup grants it).
    if (!purchase || !inv.paymentIntentId || !(inv.periodEnd > 0) || inv.amountPaid <= 0) {
      await this.repo.seen({ id: event.id, type: event.type }, now);
      return;
    }
    if (inv.billingReason === CHANGE_INVOICE) {
      // An upgrade's proration: applied once by its invoice, whichever of the switch's answer and this event comes first.
      await this.repo.seen({ id: event.id, type: event.type }, now);
      if (
        purchase.pendingProductId !== null &&
        purchase.pendingEffectiveAt !== null &&
        purchase.pendingEffectiveAt <= now
      ) {
        await this.upgraded(purchase, {
          id: inv.id,
          status: 'paid',
          amountPaidCents: inv.amountPaid,
          amountDueCents: inv.amountDue,
          currency: inv.currency,
          paymentIntentId: inv.paymentIntentId,
          periodStartMs: inv.periodStart,
          periodEndMs: inv.periodEnd,
        });
      }
      return;
    }
    const switchTo = await this.dueSwitch(purchase, inv.periodStart);
    const paid: PaidFact = {
      reason: this.reasonOf(purchase, inv.billingReason, inv.periodStart),
      amountCents: inv.amountPaid,
      currency: purchase.currency,
      period: { from: inv.periodStart, to: inv.periodEnd },
      paymentMethodId: null,
    };
    await this.fulfil(purchase, inv.paymentIntentId, event, {
      endsAt: inv.periodEnd,
      paid,
      ...(switchTo ? { switchTo } : {}),
    });
  }

  /** A renewal (or a trial's first charge) failed: the grace period starts, the package stays owned until its end. */
  private async invoiceFailed(event: ProviderEvent): Promise<void> {
    const inv = invoiceFacts(event.object);
    const purchase = inv.subscriptionId ? await this.repo.bySubscription(inv.subscriptionId) : undefined;
    const now = this.clock.now();
    const tag = { id: event.id, type: event.type };
    if (!purchase) {
      await this.repo.seen(tag, now);
      return;
    }
    if (
      purchase.status !== 'fulfilled' ||
      inv.billingReason === FIRST_INVOICE ||
      inv.billingReason === CHANGE_INVOICE
    ) {
      await this.repo.recordFailure(tag, this.logOf(purchase, now), newId('log'), now);
      return;
    }
    const failedAt = event.createdMs > 0 ? event.createdMs : now;
    const graceUntil = await this.repo.enterGrace(
      tag,
      purchase.id,
      failedAt,
      failedAt + this.options.graceDays * DAY_MS,
      this.logOf(purchase, now),
      newId('log'),
      now,
    );
    if (graceUntil === null) return;
    this.onGranted(purchase.userId);
    this.log.info({ purchase: purchase.id, user: purchase.userId, graceUntil }, 'renewal failed: grace period');
    await this.tell(
      'renewalFailed',
      (row) =>
        this.events.renewalFailed({
          key: `${inv.id}:${inv.attempt}`,
          purchase: row,
          amountCents: inv.amountDue || purchase.amountCents,
          currency: purchase.currency,
          at: failedAt,
          graceUntil,
        }),
      purchase.id,
    );
  }

  /**
   * A subscription changed at the provider. Cancelled at period end: owned until then. Ended
   * (deleted, or canceled/unpaid): the package ends when the provider says it ended, at once,
   * not at the paid period's end (nor after a grace period's end); open streams are refused at
   * their next manifest or licence.
   */
  private async subscriptionChanged(event: ProviderEvent): Promise<void> {
    const o = event.object;
    const purchase = typeof o.id === 'string' ? await this.repo.bySubscription(o.id) : undefined;
    const now = this.clock.now();
    if (!purchase) {
      await this.repo.seen({ id: event.id, type: event.type }, now);
      return;
    }
    const ended =
      event.type === 'customer.subscription.deleted' || (typeof o.status === 'string' && ENDED_STATUSES.has(o.status));
    let endedAt = ended
      ? (epochMs(o.ended_at) ?? epochMs(o.canceled_at) ?? (event.createdMs > 0 ? event.createdMs : now))
      : undefined;
    if (endedAt !== undefined && purchase.graceUntil !== null) endedAt = Math.min(endedAt, purchase.graceUntil);
    let cancelAtPeriodEnd = o.cancel_at_period_end === true;
    if (!ended && purchase.subscriptionId) {
      // Events arrive out of order: an older update must not undo a cancellation or reactivation made since.
      try {
        cancelAtPeriodEnd = (await this.payments.retrieveSubscription(purchase.subscriptionId)).cancelAtPeriodEnd;
      } catch (error) {
        this.log.warn(
          { err: error, purchase: purchase.id },
          'subscription update taken from the event: the provider could not be asked',
        );
      }
    }
    const changed = await this.repo.subscriptionChanged(
      { id: event.id, type: event.type },
      purchase.id,
      { cancelAtPeriodEnd, ...(endedAt !== undefined ? { endedAt } : {}) },
      now,
    );
    if (changed && endedAt !== undefined) {
      this.onGranted(purchase.userId);
      this.log.info(
        { purchase: purchase.id, package: purchase.packageId, user: purchase.userId, endedAt },
        'subscription ended by the provider',
      );
      if (purchase.endedAt === null && purchase.status === 'fulfilled') {
        const reason =
          purchase.graceUntil !== null
            ? 'unpaid'
            : purchase.cancelAtPeriodEnd === 1 || o.cancel_at_period_end === true
              ? 'cancelled'
              : 'provider';
        const at = endedAt;
        await this.tell(
          'ended',
          (row) => this.events.ended({ key: `ended:${purchase.id}`, purchase: row, at, reason }),
          purchase.id,
        );
      }
    }
  }

  /** Three days before a trial's end (Stripe's notice): the subscriber is told when the first charge is. */
  private async trialWillEnd(event: ProviderEvent): Promise<void> {
    const o = event.object;
    const purchase = typeof o.id === 'string' ? await this.repo.bySubscription(o.id) : undefined;
    const now = this.clock.now();
    const first = await this.repo.seen({ id: event.id, type: event.type }, now);
    if (
      !first ||
      !purchase ||
      purchase.status !== 'fulfilled' ||
      purchase.endedAt !== null ||
      purchase.cancelAtPeriodEnd === 1
    )
      return;
    const trialEndsAt = epochMs(o.trial_end) ?? purchase.trialEndsAt;
    if (trialEndsAt === null) return;
    await this.tell(
      'trialEnding',
      (row) =>
        this.events.trialEnding({
          key: `${purchase.subscriptionId ?? purchase.id}:trial_will_end`,
          purchase: row,
          at: now,
          trialEndsAt,
          amountCents: purchase.amountCents,
          currency: purchase.currency,
        }),
      purchase.id,
    );
  }

  /** A trial's card was set up: its subscription is owned now (as confirm would). */
  private async setupSucceeded(event: ProviderEvent): Promise<void> {
    const o = event.object;
    const now = this.clock.now();
    const customer = str(o.customer);
    await this.repo.seen({ id: event.id, type: event.type }, now);
    if (!customer) return;
    for (const purchase of await this.repo.pendingTrialsOf(customer)) {
      try {
        await this.settleTrial(purchase, null);
      } catch (error) {
        this.log.warn({ err: error, purchase: purchase.id }, 'a trial could not be confirmed');
      }
    }
  }

  /**
   * Pending purchases the provider may have confirmed while no webhook got through (a crash,
   * an outage): asked about one by one. Returns how many were fulfilled.
   */
  async reconcile(olderThanMs = 0): Promise<number> {
    let fulfilled = 0;
    for (const purchase of await this.repo.unconfirmed(this.clock.now() - olderThanMs, 200)) {
      try {
        if (await this.settle(purchase, null)) fulfilled++;
      } catch (error) {
        this.log.warn({ err: error, purchase: purchase.id }, 'reconciliation could not ask the provider');
      }
    }
    return fulfilled;
  }

  /** Ends a purchase's subscription at the provider now, unless it has ended there already: nothing more is charged. */
  async endAtProvider(purchase: Pick<PurchaseRow, 'subscriptionId'>): Promise<void> {
    if (!purchase.subscriptionId) return;
    const sub = await this.payments.retrieveSubscription(purchase.subscriptionId);
    if (!ENDED_STATUSES.has(sub.status)) await this.payments.cancelSubscription(purchase.subscriptionId);
  }

  /**
   * Grace periods over unpaid: the subscription is cancelled at the provider (so no late
   * retry charges it) and ends at the grace period's end. Returns how many ended.
   */
  async expireGrace(): Promise<number> {
    let ended = 0;
    for (const purchase of await this.repo.graceExpired(this.clock.now(), 200)) {
      try {
        await this.endAtProvider(purchase);
      } catch (error) {
        // Its package already ends at the grace period's end; the cancellation is tried again next time.
        this.log.warn(
          { err: error, purchase: purchase.id },
          'an unpaid subscription could not be cancelled at the provider',
        );
        continue;
      }
      const endedAt = purchase.graceUntil ?? this.clock.now();
      if (!(await this.repo.endUnpaid(purchase.id, endedAt))) continue;
      ended++;
      this.onGranted(purchase.userId);
      this.log.info(
        { purchase: purchase.id, user: purchase.userId, endedAt },
        'grace period over unpaid: subscription ended',
      );
      await this.tell(
        'ended',
        (row) => this.events.ended({ key: `ended:${purchase.id}`, purchase: row, at: endedAt, reason: 'unpaid' }),
        purchase.id,
      );
    }
    return ended;
  }

  /**
   * Pays now what failed renewals left open, with the customer's default card (a new card was
   * just saved). Returns the purchases recovered; a card refused again leaves them past due.
   */
  async retryUnpaid(userId: number): Promise<string[]> {
    const recovered: string[] = [];
    for (const purchase of await this.repo.pastDueOf(userId)) {
      const subscriptionId = purchase.subscriptionId;
      if (!subscriptionId) continue;
      try {
        const sub = await this.payments.retrieveSubscription(subscriptionId);
        if (!sub.latestInvoiceId) continue;
        const card = await this.payments.defaultPaymentMethodOf(purchase.customerId);
        const invoice = await this.payments.payInvoice(sub.latestInvoiceId, card);
        if (invoice.status !== 'paid') continue;
        if (invoice.paymentIntentId) {
          const paid: PaidFact = {
            reason: 'recovery',
            amountCents: invoice.amountPaidCents,
            currency: purchase.currency,
            period: { from: invoice.periodStartMs, to: invoice.periodEndMs },
            paymentMethodId: card,
          };
          await this.fulfil(purchase, invoice.paymentIntentId, null, { endsAt: invoice.periodEndMs, paid });
        }
        recovered.push(purchase.id);
      } catch (error) {
        if (error instanceof ProviderRefusedError)
          this.log.info({ purchase: purchase.id, user: userId }, 'unpaid renewal refused again');
        else this.log.warn({ err: error, purchase: purchase.id }, 'unpaid renewal could not be retried');
      }
    }
    return recovered;
  }

  private async subscriptionOf(userId: number, purchaseId: string): Promise<PurchaseRow & { subscriptionId: string }> {
    const purchase = await this.repo.purchase(purchaseId);
    if (!purchase || purchase.userId !== userId || purchase.status !== 'fulfilled')
      throw notFound('No existe esa suscripción.');
    if (purchase.kind !== 'subscription' || !purchase.subscriptionId)
      throw conflict('Una compra de pago por visión no es una suscripción: no se puede cambiar ni cancelar.');
    return { ...purchase, subscriptionId: purchase.subscriptionId };
  }

  private async viewOf(userId: number, purchaseId: string): Promise<OwnedPurchase> {
    const found = (await this.list(userId)).subscriptions.find((s) => s.purchaseId === purchaseId);
    if (!found) throw notFound('No existe esa suscripción.');
    return found;
  }

  async list(userId: number): Promise<PurchasesResponse> {
    const now = this.clock.now();
    const rows = await this.repo.fulfilledOf(userId);
    const pending = new Map<number, ProductRow>();
    for (const r of rows) {
      if (r.pendingProductId === null || pending.has(r.pendingProductId)) continue;
      const product = await this.repo.product(r.pendingProductId);
      if (product) pending.set(product.id, product);
    }
    const view = (p: PurchaseRow): OwnedPurchase => {
      const state = stateOf(p, now);
      const to = p.pendingProductId === null ? undefined : pending.get(p.pendingProductId);
      const live = state === 'active' || state === 'trialing' || state === 'past_due' || state === 'cancelled';
      return {
        purchaseId: p.id,
        packageId: p.packageId,
        title: p.title,
        subtitle: p.subtitle,
        kind: p.kind,
        priceCents: p.amountCents,
        currency: p.currency,
        purchasedAt: new Date(p.fulfilledAt ?? p.createdAt).toISOString(),
        endsAt: iso(p.paidUntil),
        state,
        renewsAt: p.kind === 'subscription' && (state === 'active' || state === 'trialing') ? iso(p.paidUntil) : null,
        trialEndsAt:
          p.kind === 'subscription' && live && p.trialEndsAt !== null && p.trialEndsAt > now
            ? iso(p.trialEndsAt)
            : null,
        graceUntil: state === 'past_due' ? iso(p.graceUntil) : null,
        pendingSwitch:
          to && live && p.pendingEffectiveAt !== null && p.pendingEffectiveAt > now
            ? {
                productId: to.id,
                title: to.title,
                priceCents: to.priceCents,
                effectiveAt: new Date(p.pendingEffectiveAt).toISOString(),
              }
            : null,
      };
    };
    return {
      subscriptions: rows.filter((r) => r.kind === 'subscription').map(view),
      ppv: rows.filter((r) => r.kind === 'ppv').map(view),
    };
  }

  /** The app-wide banner: a subscription whose renewal failed, until when it stays. One indexed query. */
  async alert(userId: number): Promise<BillingAlert> {
    const row = await this.repo.alertOf(userId);
    const now = this.clock.now();
    if (!row || row.graceUntil === null || row.graceUntil <= now) return { pastDue: null };
    return { pastDue: { purchaseId: row.id, title: row.title, graceUntil: new Date(row.graceUntil).toISOString() } };
  }

  /** Cancels a subscription at its period's end (a trial: at the trial's end, charging nothing): owned until then, never renewed. */
  async cancel(userId: number, purchaseId: string, operator?: OperatorCause): Promise<OwnedPurchase> {
    const purchase = await this.subscriptionOf(userId, purchaseId);
    const now = this.clock.now();
    if (stateOf(purchase, now) === 'ended') throw conflict('Esta suscripción ya ha terminado.');
    // The subscriber's second click is the same answer; an operator is told nothing changed.
    if (purchase.cancelAtPeriodEnd === 1 && operator)
      throw conflict('Esta suscripción ya está cancelada: no se renovará.');
    if (purchase.cancelAtPeriodEnd === 1) return this.viewOf(userId, purchaseId);
    await asSubscriber(() => this.payments.cancelAtPeriodEnd(purchase.subscriptionId));
    await this.repo.setCancelAtPeriodEnd(purchaseId, true, operator && { ...operator, at: now, userId });
    // In a grace period access lasts until its end; else until the paid period's (or the trial's).
    const endsAt = purchase.graceUntil ?? purchase.paidUntil ?? now;
    await this.tell(
      'cancelled',
      (row) => this.events.cancelled({ key: `cancelled:${purchaseId}:${now}`, purchase: row, at: now, endsAt }),
      purchaseId,
    );
    return this.viewOf(userId, purchaseId);
  }

  /** Undoes a cancellation before the period ends: the subscription renews again. */
  async reactivate(userId: number, purchaseId: string): Promise<OwnedPurchase> {
    const purchase = await this.subscriptionOf(userId, purchaseId);
    if (stateOf(purchase, this.clock.now()) === 'ended')
      throw conflict('Esta suscripción ya ha terminado: no se puede reactivar. Puedes volver a suscribirte.');
    if (purchase.cancelAtPeriodEnd === 0) return this.viewOf(userId, purchaseId);
    await asSubscriber(() => this.payments.resumeAtPeriodEnd(purchase.subscriptionId));
    await this.repo.setCancelAtPeriodEnd(purchaseId, false);
    return this.viewOf(userId, purchaseId);
  }

  /**
   * Switches a subscription to another monthly product: a dearer one at once, charging the
   * rest of the period's difference (proration); otherwise from the next renewal.
   */
  async switchTo(userId: number, purchaseId: string, productId: number): Promise<OwnedPurchase> {
    const purchase = await this.subscriptionOf(userId, purchaseId);
    const now = this.clock.now();
    const state = stateOf(purchase, now);
    if (state === 'ended') throw conflict('Esta suscripción ya ha terminado: no se puede cambiar.');
    if (state === 'past_due')
      throw conflict('El último cobro de esta suscripción falló: actualiza tu tarjeta antes de cambiarla.');
    if (state === 'cancelled') throw conflict('Esta suscripción está cancelada: reactívala antes de cambiarla.');
    if (productId === purchase.productId) throw conflict('Ya estás suscrito a este producto.');
    const target = await this.repo.product(productId);
    if (!target) throw notFound('Este producto ya no está a la venta.');
    if (target.kind !== 'subscription' || target.interval !== 'month')
      throw conflict('Solo puedes cambiar a otra suscripción mensual.');
    if ((await this.owned(userId)).includes(target.packageId)) throw conflict('Ya tienes este producto.');
    const current = await this.repo.product(purchase.productId);
    const upgrade = state === 'active' && target.priceCents > (current?.priceCents ?? purchase.amountCents);
    const to: SwitchTarget = {
      productId: target.id,
      packageId: target.packageId,
      title: target.title,
      subtitle: target.subtitle,
      amountCents: target.priceCents,
    };
    const change = {
      amountCents: target.priceCents,
      currency: target.currency,
      interval: 'month' as const,
      productRef: `pantalla_package_${target.packageId}`,
      productName: target.title,
    };
    if (!upgrade) {
      await asSubscriber(() =>
        this.payments.changeSubscriptionPrice(purchase.subscriptionId, {
          ...change,
          proration: 'none',
          idempotencyKey: `switch-${purchaseId}-${target.id}-${now}`,
        }),
      );
      await this.repo.setPendingSwitch(purchaseId, target.id, purchase.paidUntil ?? purchase.trialEndsAt ?? now);
      return this.viewOf(userId, purchaseId);
    }
    // Marked first: the proration's invoice.paid may arrive before the provider's answer does.
    await this.repo.setPendingSwitch(purchaseId, target.id, now);
    let invoice: InvoiceView | null;
    try {
      invoice = (
        await asSubscriber(() =>
          this.payments.changeSubscriptionPrice(purchase.subscriptionId, {
            ...change,
            proration: 'always_invoice',
            idempotencyKey: `switch-${purchaseId}-${target.id}-${now}`,
          }),
        )
      ).invoice;
    } catch (error) {
      await this.repo.setPendingSwitch(purchaseId, purchase.pendingProductId, purchase.pendingEffectiveAt);
      throw error;
    }
    if (invoice && invoice.status !== 'paid')
      throw new AppError(402, 'payment_failed', 'No se pudo cobrar el cambio de suscripción.');
    await this.upgraded({ ...purchase, pendingProductId: target.id, pendingEffectiveAt: now }, invoice, to);
    return this.viewOf(userId, purchaseId);
  }

  /** An upgrade's proration was paid: the new package now, the old one ended; told once. */
  private async upgraded(purchase: PurchaseRow, invoice: InvoiceView | null, target?: SwitchTarget): Promise<void> {
    const now = this.clock.now();
    let to = target;
    if (!to && purchase.pendingProductId !== null) {
      const product = await this.repo.product(purchase.pendingProductId);
      if (product)
        to = {
          productId: product.id,
          packageId: product.packageId,
          title: product.title,
          subtitle: product.subtitle,
          amountCents: product.priceCents,
        };
    }
    if (!to) return;
    const key = invoice ? invoice.id : `switch:${purchase.id}:${to.productId}:${now}`;
    if (!(await this.repo.switchNow(key, purchase.id, to, now))) return;
    this.onGranted(purchase.userId);
    this.log.info({ purchase: purchase.id, user: purchase.userId, package: to.packageId }, 'subscription upgraded');
    if (invoice && invoice.amountPaidCents > 0) {
      const paid = invoice;
      await this.tell(
        'paid',
        (row) =>
          this.events.paid({
            key: paid.id,
            purchase: row,
            reason: 'proration',
            amountCents: paid.amountPaidCents,
            currency: row.currency,
            at: now,
            period: { from: now, to: row.paidUntil ?? paid.periodEndMs },
            paymentMethodId: null,
          }),
        purchase.id,
      );
    }
  }
}
