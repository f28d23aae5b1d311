import Stripe from 'stripe';
import { BadSignatureError, ProviderRefusedError, ProviderUnavailableError, type PaymentIntentView, type PaymentProvider, type ProviderEvent, type SubscriptionInput, type SubscriptionView } from './provider';

/** Where the client connects: Stripe's API when unset, else a Stripe-speaking host (the sandbox). */
export interface StripeEndpoint {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:8080; undefined for api.stripe.com. */
  apiUrl: string | undefined;
}

/** How far a webhook's timestamp may be from now (Stripe's default tolerance). */
const SIGNATURE_TOLERANCE_S = 300;

function clientOptions(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const options = { maxNetworkRetries: 2, timeout: 15_000 };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...options, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe's connection and server errors mean "unreachable"; its card and request errors carry its message. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) throw new ProviderUnavailableError(error);
    if (error instanceof Stripe.errors.StripeError) throw new ProviderRefusedError(error.message);
    throw error;
  }
}

function subscriptionView(sub: Stripe.Subscription): SubscriptionView {
  const end = sub.items.data[0]?.current_period_end ?? 0;
  return { id: sub.id, status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end, periodEndMs: end * 1000 };
}

/** The PaymentProvider through the official `stripe` package, at Stripe or at any host that speaks its API. */
export class StripeProvider implements PaymentProvider {
  private client: Stripe | null = null;

  /** `endpoint` is read when first needed: the sandbox's address is known once the server listens. */
  /** `cardForm`: the card field page, with the publishable key in its address (known before the provider's address). */
  constructor(
    private readonly endpoint: () => StripeEndpoint | null,
    private readonly cardForm: string,
  ) {}

  private stripe(): Stripe {
    if (this.client) return this.client;
    const e = this.endpoint();
    if (!e) throw new ProviderUnavailableError(new Error('payment provider address not known yet'));
    this.client = new Stripe(e.secretKey, clientOptions(e.apiUrl));
    return this.client;
  }

  cardFormUrl(): string {
    return this.cardForm;
  }

  createCustomer(input: { email: string; name: string; userId: number }): Promise<string> {
    return call(async () => (await this.stripe().customers.create({ email: input.email, name: input.name, metadata: { userId: String(input.userId) } }, { idempotencyKey: `customer-${input.userId}` })).id);
  }

  createPaymentIntent(input: { customerId: string; amountCents: number; currency: string; description: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }> {
    return call(async () => {
      const pi = await this.stripe().paymentIntents.create(
        { amount: input.amountCents, currency: input.currency.toLowerCase(), customer: input.customerId, description: input.description, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: pi.id, clientSecret: pi.client_secret ?? '' };
    });
  }

  /** Subscriptions need a Product at Stripe: made once per package (an existing one is fine). */
  private async ensureProduct(id: string, name: string): Promise<void> {
    try {
      await this.stripe().products.create({ id, name });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists')) throw error;
    }
  }

  createSubscription(input: SubscriptionInput): Promise<{ id: string; paymentIntentId: string; clientSecret: string }> {
    return call(async () => {
      await this.ensureProduct(input.productRef, input.productName);
      const sub = await this.stripe().subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price_data: { currency: input.currency.toLowerCase(), product: input.productRef, unit_amount: input.amountCents, recurring: { interval: input.interval } } }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          metadata: input.metadata,
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const invoice = sub.latest_invoice;
      const clientSecret = invoice && typeof invoice === 'object' ? (invoice.confirmation_secret?.client_secret ?? '') : '';
      // A payment intent's client secret is '<its id>_secret_<...>'.
      return { id: sub.id, clientSecret, paymentIntentId: clientSecret.split('_secret_')[0] ?? '' };
    });
  }

  retrievePaymentIntent(id: string): Promise<PaymentIntentView> {
    return call(async () => {
      const pi = await this.stripe().paymentIntents.retrieve(id);
      return { id: pi.id, status: pi.status, amountCents: pi.amount, currency: pi.currency, customerId: typeof pi.customer === 'string' ? pi.customer : (pi.customer?.id ?? null) };
    });
  }

  retrieveSubscription(id: string): Promise<SubscriptionView> {
    return call(async () => subscriptionView(await this.stripe().subscriptions.retrieve(id)));
  }

  cancelAtPeriodEnd(id: string): Promise<SubscriptionView> {
    return call(async () => subscriptionView(await this.stripe().subscriptions.update(id, { cancel_at_period_end: true })));
  }

  verifyEvent(rawBody: string, signature: string, nowMs: number): ProviderEvent {
    const e = this.endpoint();
    if (!e) throw new BadSignatureError('no webhook secret');
    try {
      const event = this.stripe().webhooks.constructEvent(rawBody, signature, e.webhookSecret, SIGNATURE_TOLERANCE_S, undefined, nowMs);
      return { id: event.id, type: event.type, createdMs: (Number(event.created) || 0) * 1000, object: event.data.object as unknown as Record<string, unknown> };
    } catch (error) {
      throw new BadSignatureError(error instanceof Error ? error.message : 'bad signature');
    }
  }
}
