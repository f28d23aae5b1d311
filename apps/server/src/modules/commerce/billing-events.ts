import type { PurchaseRow } from './tables';

/**
 * What happened to a subscriber's money, as the purchases service learns it from the
 * provider. The billing history (with receipts) and the subscriber's mails listen to it.
 * Each call carries a key that is unique per fact (the payment intent, refund or invoice id),
 * so a replayed provider event records and mails nothing twice.
 */
export interface BillingEvents {
  /** A charge succeeded: a first payment, a renewal, a recovery in the grace period, a trial's conversion or a proration. */
  paid(fact: {
    key: string;
    purchase: PurchaseRow;
    reason: 'purchase' | 'renewal' | 'recovery' | 'trial_conversion' | 'proration';
    amountCents: number;
    currency: string;
    at: number;
    /** The period it pays (subscriptions); null for a one-off purchase. */
    period: { from: number; to: number } | null;
    /** The provider's payment method id, when known (its brand and last four are read from the provider). */
    paymentMethodId: string | null;
  }): Promise<void>;
  /** A renewal charge failed: the subscription is in its grace period until `graceUntil`. */
  renewalFailed(fact: {
    key: string;
    purchase: PurchaseRow;
    amountCents: number;
    currency: string;
    at: number;
    graceUntil: number;
  }): Promise<void>;
  /** The subscriber cancelled: access lasts until `endsAt`. */
  cancelled(fact: { key: string; purchase: PurchaseRow; at: number; endsAt: number }): Promise<void>;
  /** A subscription ended: cancelled and its period over, the grace period over unpaid, or ended at the provider. */
  ended(fact: {
    key: string;
    purchase: PurchaseRow;
    at: number;
    reason: 'cancelled' | 'unpaid' | 'provider';
  }): Promise<void>;
  /** Money returned to the card. */
  refunded(fact: {
    key: string;
    purchase: PurchaseRow;
    amountCents: number;
    currency: string;
    at: number;
    paymentMethodId: string | null;
  }): Promise<void>;
  /** A trial ends in 3 days: the first charge is then. */
  trialEnding(fact: {
    key: string;
    purchase: PurchaseRow;
    at: number;
    trialEndsAt: number;
    amountCents: number;
    currency: string;
  }): Promise<void>;
}
