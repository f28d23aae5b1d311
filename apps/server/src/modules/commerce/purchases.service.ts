import { randomBytes } from 'node:crypto';
import type { ConfirmPurchaseResponse, OwnedPurchase, PurchasesResponse, StartPurchaseResponse } from '@pantalla/contracts';
import { PAYMENT_CONNECTIVITY_ERROR } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { Log } from '../../platform/logging';
import { ProviderRefusedError, ProviderUnavailableError, type PaymentProvider, type ProviderEvent } from './payments/provider';
import type { LogInput, PurchasesRepository } from './purchases.repository';
import type { PurchaseRow } from './tables';

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

/** Provider failures as the user sees them: the spec's connectivity text, or the provider's own message. */
async function provider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError(503, 'provider_unavailable', PAYMENT_CONNECTIVITY_ERROR);
    if (error instanceof ProviderRefusedError) throw new AppError(402, 'payment_failed', error.message);
    throw error;
  }
}

/** Called after a grant or an ended subscription, so this process's cached marks of the user are dropped at once. */
export type OnGranted = (userId: number) => void;

/**
 * Purchases: started by the user with a product id (the price is the product's), fulfilled
 * only when the provider confirms the payment (the webhook or the server asking it), once.
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
  ) {}

  async start(buyer: Buyer, productId: number, holderName: string): Promise<StartPurchaseResponse> {
    const now = this.clock.now();
    const product = await this.repo.product(productId);
    if (!product || (product.kind === 'ppv' && product.fcEnd !== null && product.fcEnd <= now)) throw notFound('Este producto ya no está a la venta.');
    if ((await this.owned(buyer.userId)).includes(product.packageId)) throw conflict('Ya tienes este producto.');
    const customerId = await this.customerFor(buyer, holderName);
    const id = newId('pur');
    const kind = product.kind === 'subscription' ? 'subscription' : 'ppv';
    await this.repo.insertPurchase({ id, userId: buyer.userId, productId, packageId: product.packageId, kind, title: product.title, subtitle: product.subtitle, amountCents: product.priceCents, currency: product.currency, holderName, customerId, paymentIntentId: null, subscriptionId: null, status: 'pending', paidUntil: null, cancelAtPeriodEnd: 0, endedAt: null, createdAt: now, fulfilledAt: null });
    const metadata = { purchaseId: id, userId: String(buyer.userId), packageId: String(product.packageId) };
    const payment = await provider(async () => {
      if (kind === 'ppv') {
        const pi = await this.payments.createPaymentIntent({ customerId, amountCents: product.priceCents, currency: product.currency, description: product.title, metadata, idempotencyKey: id });
        return { paymentIntentId: pi.id, clientSecret: pi.clientSecret, subscriptionId: null };
      }
      const sub = await this.payments.createSubscription({ customerId, amountCents: product.priceCents, currency: product.currency, interval: product.interval ?? 'month', productRef: `pantalla_package_${product.packageId}`, productName: product.title, metadata, idempotencyKey: id });
      return { paymentIntentId: sub.paymentIntentId, clientSecret: sub.clientSecret, subscriptionId: sub.id };
    });
    await this.repo.setPaymentRefs(id, payment.paymentIntentId, payment.subscriptionId);
    return { purchaseId: id, clientSecret: payment.clientSecret, cardFormUrl: this.payments.cardFormUrl(), amountCents: product.priceCents, currency: product.currency, provider: this.operator, next: 'card_field' };
  }

  cardField(): Promise<{ cardFormUrl: string; provider: string }> {
    return provider(async () => ({ cardFormUrl: this.payments.cardFormUrl(), provider: this.operator }));
  }

  private async customerFor(buyer: Buyer, name: string): Promise<string> {
    const known = await this.repo.customerOf(buyer.userId);
    if (known) return known;
    const created = await provider(() => this.payments.createCustomer({ email: buyer.email, name, userId: buyer.userId }));
    return this.repo.saveCustomer(buyer.userId, created, this.clock.now());
  }

  /** After the card field reports success: the server asks the provider itself, and fulfils once. */
  async confirm(userId: number, purchaseId: string): Promise<ConfirmPurchaseResponse> {
    const purchase = await this.repo.purchase(purchaseId);
    if (!purchase || purchase.userId !== userId) throw notFound('No existe esa compra.');
    if (purchase.status === 'pending' && purchase.paymentIntentId) await provider(() => this.settle(purchase, null));
    const now = (await this.repo.purchase(purchaseId)) ?? purchase;
    return { purchaseId, status: now.status, packageId: now.packageId };
  }

  /** Asks the provider about a pending purchase's payment and fulfils it if it succeeded. */
  private async settle(purchase: PurchaseRow, event: ProviderEvent | null): Promise<boolean> {
    const paymentIntentId = purchase.paymentIntentId;
    if (!paymentIntentId) return false;
    const pi = await this.payments.retrievePaymentIntent(paymentIntentId);
    // Only a succeeded payment of the server's price for this purchase counts.
    if (pi.status !== 'succeeded' || pi.amountCents !== purchase.amountCents) return false;
    return this.fulfil(purchase, paymentIntentId, event);
  }

  private async fulfil(purchase: PurchaseRow, paymentKey: string, event: ProviderEvent | null, periodEndOverride?: number): Promise<boolean> {
    const now = this.clock.now();
    const product = await this.repo.product(purchase.productId);
    let endsAt: number;
    if (periodEndOverride !== undefined) endsAt = periodEndOverride;
    else if (purchase.kind === 'subscription' && purchase.subscriptionId) endsAt = Math.max((await this.payments.retrieveSubscription(purchase.subscriptionId)).periodEndMs, oneMonthAfter(now));
    else endsAt = product?.fcEnd ?? oneMonthAfter(now);
    const granted = await this.repo.fulfil({
      purchaseId: purchase.id,
      paymentKey,
      event: event ? { id: event.id, type: event.type } : null,
      userId: purchase.userId,
      packageId: purchase.packageId,
      startsAt: now,
      endsAt,
      log: this.logOf(purchase, now),
      logId: newId('log'),
      now,
    });
    if (granted) {
      this.onGranted(purchase.userId);
      this.log.info({ purchase: purchase.id, package: purchase.packageId, user: purchase.userId }, 'purchase fulfilled');
    }
    return granted;
  }

  private logOf(purchase: PurchaseRow, now: number): LogInput {
    return { purchaseId: purchase.id, fcIni: now, title: purchase.title, subtitle: purchase.subtitle, priceCents: purchase.amountCents, currency: purchase.currency, userId: purchase.userId, name: purchase.holderName, operator: this.operator, idPackage: purchase.packageId, paymentIntentId: purchase.paymentIntentId, subscriptionId: purchase.subscriptionId, customerId: purchase.customerId };
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
        if (purchase && purchase.kind === 'ppv' && purchase.paymentIntentId && o.status === 'succeeded' && o.amount === purchase.amountCents) await this.fulfil(purchase, purchase.paymentIntentId, event);
        else await this.repo.seen(tag, now);
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
      default:
        await this.repo.seen(tag, now);
    }
  }

  private async purchaseOfInvoice(o: Record<string, unknown>): Promise<PurchaseRow | undefined> {
    const parent = o.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    const sub = parent?.subscription_details?.subscription;
    return typeof sub === 'string' ? this.repo.bySubscription(sub) : undefined;
  }

  /** A subscription's invoice paid (its first or a renewal): the package is owned to the period's end, once per payment. */
  private async invoicePaid(event: ProviderEvent): Promise<void> {
    const o = event.object;
    const purchase = await this.purchaseOfInvoice(o);
    const lines = (o.lines as { data?: Array<{ period?: { end?: number } }> } | undefined)?.data ?? [];
    const periodEnd = Number(lines[0]?.period?.end ?? o.period_end ?? 0) * 1000;
    const payments = (o.payments as { data?: Array<{ payment?: { payment_intent?: unknown } }> } | undefined)?.data ?? [];
    const paymentIntentId = payments[0]?.payment?.payment_intent;
    if (!purchase || typeof paymentIntentId !== 'string' || !(periodEnd > 0)) {
      await this.repo.seen({ id: event.id, type: event.type }, this.clock.now());
      return;
    }
    await this.fulfil(purchase, paymentIntentId, event, periodEnd);
  }

  private async invoiceFailed(event: ProviderEvent): Promise<void> {
    const purchase = await this.purchaseOfInvoice(event.object);
    const now = this.clock.now();
    if (purchase) await this.repo.recordFailure({ id: event.id, type: event.type }, this.logOf(purchase, now), newId('log'), now);
    else await this.repo.seen({ id: event.id, type: event.type }, now);
  }

  /**
   * A subscription changed at the provider. Cancelled at period end: owned until then. Ended
   * (deleted, or canceled/unpaid): the package ends when the provider says it ended, at once,
   * not at the paid period's end; open streams are refused at their next manifest or licence.
   */
  private async subscriptionChanged(event: ProviderEvent): Promise<void> {
    const o = event.object;
    const purchase = typeof o.id === 'string' ? await this.repo.bySubscription(o.id) : undefined;
    const now = this.clock.now();
    if (!purchase) {
      await this.repo.seen({ id: event.id, type: event.type }, now);
      return;
    }
    const ended = event.type === 'customer.subscription.deleted' || (typeof o.status === 'string' && ENDED_STATUSES.has(o.status));
    const endedAt = ended ? (epochMs(o.ended_at) ?? epochMs(o.canceled_at) ?? (event.createdMs > 0 ? event.createdMs : now)) : undefined;
    const changed = await this.repo.subscriptionChanged({ id: event.id, type: event.type }, purchase.id, { cancelAtPeriodEnd: o.cancel_at_period_end === true, ...(endedAt !== undefined ? { endedAt } : {}) }, now);
    if (changed && endedAt !== undefined) {
      this.onGranted(purchase.userId);
      this.log.info({ purchase: purchase.id, package: purchase.packageId, user: purchase.userId, endedAt }, 'subscription ended by the provider');
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

  async list(userId: number): Promise<PurchasesResponse> {
    const now = this.clock.now();
    const rows = await this.repo.fulfilledOf(userId);
    const view = (p: PurchaseRow): OwnedPurchase => ({
      purchaseId: p.id,
      packageId: p.packageId,
      title: p.title,
      subtitle: p.subtitle,
      kind: p.kind,
      priceCents: p.amountCents,
      currency: p.currency,
      purchasedAt: new Date(p.fulfilledAt ?? p.createdAt).toISOString(),
      endsAt: p.paidUntil === null ? null : new Date(p.paidUntil).toISOString(),
      state: p.endedAt !== null || (p.paidUntil !== null && p.paidUntil <= now) ? 'ended' : p.cancelAtPeriodEnd === 1 ? 'cancelled' : 'active',
      renewsAt: p.kind === 'subscription' && p.endedAt === null && p.cancelAtPeriodEnd === 0 && p.paidUntil !== null && p.paidUntil > now ? new Date(p.paidUntil).toISOString() : null,
      trialEndsAt: null,
      graceUntil: null,
      pendingSwitch: null,
    });
    return { subscriptions: rows.filter((r) => r.kind === 'subscription').map(view), ppv: rows.filter((r) => r.kind === 'ppv').map(view) };
  }

  /** Cancels a subscription at its period's end: owned until then, never renewed. */
  async cancel(userId: number, purchaseId: string): Promise<OwnedPurchase> {
    const purchase = await this.repo.purchase(purchaseId);
    if (!purchase || purchase.userId !== userId || purchase.kind !== 'subscription' || !purchase.subscriptionId || purchase.status !== 'fulfilled') throw notFound('No existe esa suscripción.');
    if (purchase.endedAt !== null) throw conflict('Esta suscripción ya ha terminado.');
    const subscriptionId = purchase.subscriptionId;
    await provider(() => this.payments.cancelAtPeriodEnd(subscriptionId));
    await this.repo.setCancelAtPeriodEnd(purchaseId, true);
    const listed = await this.list(userId);
    const found = listed.subscriptions.find((s) => s.purchaseId === purchaseId);
    if (!found) throw notFound('No existe esa suscripción.');
    return found;
  }
}
