/**
 * What commerce asks of a payment provider. One implementation (StripeProvider, through the
 * official client) serves both configurations: the built-in sandbox and Stripe itself.
 */
export interface PaymentProvider {
  /** Where the provider's card field is served (its own origin path). */
  cardFormUrl(): string;
  createCustomer(input: { email: string; name: string; userId: number }): Promise<string>;
  createPaymentIntent(input: PaymentIntentInput): Promise<{ id: string; clientSecret: string }>;
  createSubscription(input: SubscriptionInput): Promise<CreatedSubscription>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentView>;
  retrieveSubscription(id: string): Promise<SubscriptionView>;
  cancelAtPeriodEnd(id: string): Promise<SubscriptionView>;
  /** Undoes cancel_at_period_end: the subscription renews again. */
  resumeAtPeriodEnd(id: string): Promise<SubscriptionView>;
  /** Ends a subscription now (DELETE): nothing more is charged. */
  cancelSubscription(id: string): Promise<SubscriptionView>;
  /**
   * Makes a Price for a product (recurring for a subscription, one-time for a PPV event): what
   * new subscriptions are made with after a console price change; existing ones keep theirs.
   */
  createPrice(input: PriceInput): Promise<string>;
  /** Changes a subscription's price: charged at once for the rest of the period ('always_invoice') or from the next renewal ('none'). */
  changeSubscriptionPrice(id: string, change: PriceChange): Promise<SubscriptionChange>;
  /** Asks the provider to pay an open invoice now, with `paymentMethodId` when given (else its defaults). */
  payInvoice(invoiceId: string, paymentMethodId: string | null): Promise<InvoiceView>;
  /** The card a customer pays with by default, if any. */
  defaultPaymentMethodOf(customerId: string): Promise<string | null>;
  /** Returns money of a succeeded payment intent: what is left of it, or `amountCents` (a partial refund). */
  refund(input: RefundInput): Promise<RefundView>;
  /** The refunds of a payment intent, oldest first. */
  refundsOf(paymentIntentId: string): Promise<RefundView[]>;
  /** A payment method's card as the subscriber may see it (brand, last four); null when it is no card. */
  paymentMethodCard(paymentMethodId: string): Promise<{ brand: string; last4: string } | null>;
  /** Starts saving a card for the customer without charging it (a setup intent, usage off_session); the card field confirms it. */
  createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** A setup intent as the provider knows it (the server trusts only this, never the browser). */
  retrieveSetupIntent(id: string): Promise<SetupIntentView>;
  /** The customer's default card (invoice_settings.default_payment_method) as the subscriber sees it; null when none. */
  defaultCard(customerId: string): Promise<SavedCardView | null>;
  /** Makes a saved card the customer's default and each of `subscriptionIds`' own default. */
  setDefaultPaymentMethod(
    customerId: string,
    paymentMethodId: string,
    subscriptionIds: readonly string[],
  ): Promise<void>;
  /** The card is no longer the customer's: nothing is charged to it again. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** A promotion code by the code a customer types (case-insensitive), with its coupon; the active one first; null when none. */
  findPromotionCode(code: string): Promise<PromotionCodeView | null>;
  /** Makes a coupon (an operator's or the demo's); an existing id is left as it is. */
  ensureCoupon(input: CouponInput): Promise<string>;
  /** Makes a promotion code for a coupon unless one with that code exists; returns its id. */
  ensurePromotionCode(input: PromotionCodeInput): Promise<string>;
  /** The event of a webhook body, only when its Stripe-Signature is valid at `nowMs`; else throws. */
  verifyEvent(rawBody: string, signature: string, nowMs: number): ProviderEvent;
}

export interface PaymentIntentInput {
  customerId: string;
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** Charge this saved card now, off session (the card on file); absent: the card field confirms it. */
  paymentMethodId?: string;
  /** Keep the card confirmed in the card field as the customer's for later charges (setup_future_usage 'off_session'). */
  saveCard?: boolean;
}

/** A Price to make at the provider (its product is made first when missing). */
export interface PriceInput {
  productRef: string;
  productName: string;
  amountCents: number;
  currency: string;
  /** null: a one-time price (a PPV event). */
  interval: 'month' | 'year' | null;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface SubscriptionInput {
  customerId: string;
  /** The provider's Price to subscribe to; absent: an inline price of amountCents (price_data). */
  priceId?: string;
  amountCents: number;
  currency: string;
  interval: 'month' | 'year';
  productRef: string;
  productName: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** Free days before the first charge (Stripe's trial_period_days); the card is then collected by a setup intent. */
  trialDays?: number;
  /** A promotion code's id at the provider, applied as the subscription's discount. */
  promotionCodeId?: string; /** Charge (or, with a trial, later charge) this saved card, off session; absent: the card field collects one. */
  paymentMethodId?: string;
}

/** What a subscription's creation answers: a first payment to confirm, or (a trial) a card to set up. */
export interface CreatedSubscription {
  id: string;
  /** The first invoice's payment intent ('' for a trial: nothing is charged today). */
  paymentIntentId: string;
  /** The payment intent's client secret or, for a trial, the pending setup intent's. */
  clientSecret: string;
  status: string;
  /** A trial's end, epoch ms; null without one. */
  trialEndMs: number | null;
}

export interface PriceChange {
  amountCents: number;
  currency: string;
  interval: 'month' | 'year';
  productRef: string;
  productName: string;
  proration: 'always_invoice' | 'none';
  idempotencyKey: string;
}

export interface SubscriptionChange {
  subscription: SubscriptionView;
  /** The invoice the change made at once ('always_invoice'), if any. */
  invoice: InvoiceView | null;
}

export interface InvoiceView {
  id: string;
  status: string;
  amountPaidCents: number;
  amountDueCents: number;
  currency: string;
  /** The payment intent that paid it, if any. */
  paymentIntentId: string | null;
  /** The period of its first line, epoch ms. */
  periodStartMs: number;
  periodEndMs: number;
}

export interface PaymentIntentView {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  customerId: string | null;
  /** The card that paid it, when known. */
  paymentMethodId: string | null;
  /** 'off_session' when its card is to be kept for later charges (setup_future_usage). */
  setupFutureUsage: string | null;
}

export interface SubscriptionView {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** End of the paid period, epoch ms. */
  periodEndMs: number;
  /** A trial's end, epoch ms; null without one. */
  trialEndMs: number | null;
  /** The last invoice (a failed renewal's is still open). */
  latestInvoiceId: string | null;
  /** The card the subscription is charged with, when it has its own. */
  defaultPaymentMethod: string | null;
  /** The status of the setup intent collecting a trial's card; null when none is pending. */
  setupIntentStatus: string | null;
}

export interface RefundInput {
  paymentIntentId: string;
  /** Absent: all that is left of the payment. */
  amountCents?: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** Money returned of a payment: Stripe's Refund. */
export interface RefundView {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  /** 'succeeded', 'pending', 'failed' or 'canceled'. */
  status: string;
  createdMs: number;
}

/** A setup intent: 'succeeded' once its card is saved (then `paymentMethodId`). */
export interface SetupIntentView {
  id: string;
  status: string;
  customerId: string | null;
  paymentMethodId: string | null;
}

/** A saved card: never more than brand, last four and expiry. */
export interface SavedCardView {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A coupon: what it takes off and for how long (Stripe's Coupon). */
export interface CouponView {
  id: string;
  percentOff: number | null;
  amountOffCents: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths: number | null;
  /** False once redeem_by passed or max_redemptions was reached. */
  valid: boolean;
  maxRedemptions: number | null;
  timesRedeemed: number;
  /** Epoch ms; null without. */
  redeemByMs: number | null;
  /** The provider's product ids it is limited to; null: any product. */
  appliesToProducts: string[] | null;
}

/** A promotion code: a customer-facing code for a coupon (Stripe's PromotionCode). */
export interface PromotionCodeView {
  id: string;
  code: string;
  active: boolean;
  maxRedemptions: number | null;
  timesRedeemed: number;
  /** Epoch ms; null without. */
  expiresAtMs: number | null;
  firstTimeTransaction: boolean;
  coupon: CouponView;
}

export interface CouponInput {
  id: string;
  name: string;
  percentOff?: number;
  amountOffCents?: number;
  currency?: string;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths?: number;
  maxRedemptions?: number;
  /** Epoch ms. */
  redeemByMs?: number;
  appliesToProducts?: string[];
}

export interface PromotionCodeInput {
  couponId: string;
  code: string;
  maxRedemptions?: number;
  /** Epoch ms. */
  expiresAtMs?: number;
  firstTimeTransaction?: boolean;
}

/** A verified event: its id, type, when the provider made it (epoch ms) and the object it carries. */
export interface ProviderEvent {
  id: string;
  type: string;
  createdMs: number;
  object: Record<string, unknown>;
}

/** The provider could not be reached: the user is told to try later. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment provider unreachable', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the request (a card error, a bad parameter): its own message. */
export class ProviderRefusedError extends Error {
  constructor(
    message: string,
    /** Stripe's error code and decline code, when it gave them: the subscriber is told in their language by them. */
    readonly code: string | null = null,
    readonly declineCode: string | null = null,
  ) {
    super(message);
    this.name = 'ProviderRefusedError';
  }
}

/** A webhook whose signature does not verify. */
export class BadSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadSignatureError';
  }
}
