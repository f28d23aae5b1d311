/**
 * What commerce asks of a payment provider. One implementation (StripeProvider, through the
 * official client) serves both configurations: the built-in sandbox and Stripe itself.
 */
export interface PaymentProvider {
  /** Where the provider's card field is served (its own origin path). */
  cardFormUrl(): string;
  createCustomer(input: { email: string; name: string; userId: number }): Promise<string>;
  createPaymentIntent(input: { customerId: string; amountCents: number; currency: string; description: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  createSubscription(input: SubscriptionInput): Promise<{ id: string; paymentIntentId: string; clientSecret: string }>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentView>;
  retrieveSubscription(id: string): Promise<SubscriptionView>;
  cancelAtPeriodEnd(id: string): Promise<SubscriptionView>;
  /** The event of a webhook body, only when its Stripe-Signature is valid at `nowMs`; else throws. */
  verifyEvent(rawBody: string, signature: string, nowMs: number): ProviderEvent;
}

export interface SubscriptionInput {
  customerId: string;
  amountCents: number;
  currency: string;
  interval: 'month' | 'year';
  productRef: string;
  productName: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface PaymentIntentView {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  customerId: string | null;
}

export interface SubscriptionView {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** End of the paid period, epoch ms. */
  periodEndMs: number;
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
  constructor(message: string) {
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
