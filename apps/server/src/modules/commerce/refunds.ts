import type { AdminRefundResponse } from '@pantalla/contracts';
import { PAYMENT_CONNECTIVITY_ERROR } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { Log } from '../../platform/logging';
import type { BillingEvents } from './billing-events';
import type { BillingHistoryRepository } from './billing-history.repository';
import { priceText } from './commerce.service';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderEvent,
  type RefundView,
} from './payments/provider';
import type { PurchaseRow } from './tables';

/** Refunds that count: returned, or on their way (Stripe's pending ones usually succeed). */
const COUNTED: ReadonlySet<string> = new Set(['succeeded', 'pending']);
const total = (refunds: readonly RefundView[]) =>
  refunds.filter((r) => COUNTED.has(r.status)).reduce((sum, r) => sum + r.amountCents, 0);

/**
 * Refunds (issue 26). An operator returns all or part of a purchase's latest payment through
 * the provider; every refund the provider reports (ours, or one made in Stripe's dashboard)
 * becomes one history line and one mail, whoever reports it first: the route right after the
 * provider answers, or the charge.refunded webhook. A pay-per-view refunded in full is owned
 * no more; a refunded subscription payment keeps the subscription to its period's end (the
 * operator cancels it too when it should end; docs/decisions.md).
 */
export class Refunds {
  constructor(
    private readonly repo: BillingHistoryRepository,
    private readonly payments: PaymentProvider,
    private readonly events: BillingEvents,
    private readonly clock: Clock,
    /** Drops this process's cached marks of the user after their rights changed. */
    private readonly rightsChanged: (userId: number) => void,
    private readonly log: Log,
  ) {}

  /** POST /admin/purchases/{id}/refund: `amountCents` of the latest payment, or what is left of it. */
  async refund(
    purchaseId: string,
    amountCents: number | undefined,
    idempotencyKey: string | undefined,
  ): Promise<AdminRefundResponse> {
    const purchase = await this.repo.purchase(purchaseId);
    if (!purchase || purchase.status !== 'fulfilled') throw notFound('No existe esa compra pagada.');
    const paymentIntentId = await this.repo.latestPaymentIntent(purchase);
    if (!paymentIntentId) throw conflict('Esta compra no tiene ningún pago que devolver.');
    const [pi, before] = await provider(() =>
      Promise.all([this.payments.retrievePaymentIntent(paymentIntentId), this.payments.refundsOf(paymentIntentId)]),
    );
    if (pi.status !== 'succeeded') throw conflict('El último pago de esta compra no se llegó a cobrar.');
    const left = pi.amountCents - total(before);
    if (left <= 0) throw conflict('Este pago ya se ha devuelto entero.');
    if (amountCents !== undefined && amountCents > left)
      throw badRequest(
        `No se puede devolver más de lo cobrado: quedan ${priceText(left)} ${pi.currency.toUpperCase()} por devolver.`,
      );
    const amount = amountCents ?? left;
    // Without the header, the same request at the same state is the same refund (two clicks are one).
    const key = `refund-${paymentIntentId}-${idempotencyKey ?? `${total(before)}-${amount}`}`;
    const refund = await provider(() =>
      this.payments.refund({ paymentIntentId, amountCents: amount, metadata: { purchaseId }, idempotencyKey: key }),
    );
    await this.recordRefundsOf(paymentIntentId);
    const after = await provider(() => this.payments.refundsOf(paymentIntentId));
    this.log.info(
      { purchase: purchaseId, refund: refund.id, amount: refund.amountCents },
      'payment refunded by an operator',
    );
    return {
      refundId: refund.id,
      purchaseId,
      amountCents: refund.amountCents,
      currency: refund.currency.toUpperCase(),
      paidCents: pi.amountCents,
      refundedCents: total(after),
      status: refund.status,
    };
  }

  /** The provider's charge.refunded: every refund of the charge's payment intent recorded once. */
  async chargeRefunded(event: ProviderEvent): Promise<void> {
    const pi = event.object.payment_intent;
    if (typeof pi === 'string' && pi !== '') await this.recordRefundsOf(pi);
  }

  /** Asks the provider for the payment's refunds and records those not recorded yet; ends a fully refunded PPV's rights. */
  private async recordRefundsOf(paymentIntentId: string): Promise<void> {
    const purchase = await this.repo.purchaseOfPayment(paymentIntentId);
    if (!purchase) return;
    const [pi, refunds] = await Promise.all([
      this.payments.retrievePaymentIntent(paymentIntentId),
      this.payments.refundsOf(paymentIntentId),
    ]);
    for (const r of refunds) {
      if (!COUNTED.has(r.status)) continue;
      await this.events.refunded({
        key: r.id,
        purchase,
        amountCents: r.amountCents,
        currency: r.currency.toUpperCase(),
        at: r.createdMs,
        paymentMethodId: pi.paymentMethodId,
      });
    }
    if (total(refunds) >= pi.amountCents) await this.fullyRefunded(purchase);
  }

  private async fullyRefunded(purchase: PurchaseRow): Promise<void> {
    if (purchase.kind !== 'ppv') return;
    if (await this.repo.endRights(purchase, this.clock.now())) {
      this.rightsChanged(purchase.userId);
      this.log.info({ purchase: purchase.id, user: purchase.userId }, 'a refunded pay-per-view is owned no more');
    }
  }
}

/** Provider failures as the operator sees them: unreachable (503) or refused (409), in Spanish. */
async function provider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new AppError(503, 'provider_unavailable', PAYMENT_CONNECTIVITY_ERROR);
    if (error instanceof ProviderRefusedError) throw conflict('El proveedor de pagos ha rechazado la devolución.');
    throw error;
  }
}
