import Stripe from 'stripe';
import {
  BadSignatureError,
  ProviderRefusedError,
  ProviderUnavailableError,
  type CouponInput,
  type CouponView,
  type CreatedSubscription,
  type InvoiceView,
  type PaymentIntentInput,
  type PaymentIntentView,
  type PaymentProvider,
  type PriceChange,
  type PriceInput,
  type PromotionCodeInput,
  type PromotionCodeView,
  type ProviderEvent,
  type RefundInput,
  type RefundView,
  type SavedCardView,
  type SetupIntentView,
  type SubscriptionChange,
  type SubscriptionInput,
  type SubscriptionView,
} from './provider';

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
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
      throw new ProviderUnavailableError(error);
    if (error instanceof Stripe.errors.StripeError)
      throw new ProviderRefusedError(error.message, error.code ?? null, error.decline_code ?? null);
    throw error;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

function subscriptionView(sub: Stripe.Subscription): SubscriptionView {
  const end = sub.items.data[0]?.current_period_end ?? 0;
  const setup = sub.pending_setup_intent;
  return {
    id: sub.id,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodEndMs: end * 1000,
    trialEndMs: sub.trial_end ? sub.trial_end * 1000 : null,
    latestInvoiceId: idOf(sub.latest_invoice),
    defaultPaymentMethod: idOf(sub.default_payment_method),
    setupIntentStatus: setup && typeof setup === 'object' ? setup.status : null,
  };
}

function refundView(r: Stripe.Refund): RefundView {
  return {
    id: r.id,
    paymentIntentId: idOf(r.payment_intent) ?? '',
    amountCents: r.amount,
    currency: r.currency,
    status: r.status ?? 'pending',
    createdMs: r.created * 1000,
  };
}

/** An invoice's payment intent: in its payments list (API 2025-03 and later). */
function invoiceView(invoice: Stripe.Invoice): InvoiceView {
  const payments =
    (invoice as { payments?: { data?: Array<{ payment?: { payment_intent?: string | { id: string } | null } }> } })
      .payments?.data ?? [];
  const line = invoice.lines?.data?.[0];
  return {
    id: invoice.id ?? '',
    status: invoice.status ?? 'draft',
    amountPaidCents: invoice.amount_paid,
    amountDueCents: invoice.amount_due,
    currency: invoice.currency,
    paymentIntentId: idOf(payments[0]?.payment?.payment_intent),
    periodStartMs: (line?.period?.start ?? invoice.period_start) * 1000,
    periodEndMs: (line?.period?.end ?? invoice.period_end) * 1000,
  };
}

function couponView(c: Stripe.Coupon): CouponView {
  return {
    id: c.id,
    percentOff: c.percent_off,
    amountOffCents: c.amount_off,
    currency: c.currency,
    duration: c.duration === 'once' ? 'once' : c.duration === 'repeating' ? 'repeating' : 'forever',
    durationInMonths: c.duration_in_months,
    valid: c.valid,
    maxRedemptions: c.max_redemptions,
    timesRedeemed: c.times_redeemed,
    redeemByMs: c.redeem_by ? c.redeem_by * 1000 : null,
    appliesToProducts: c.applies_to?.products ?? null,
  };
}

function promotionCodeView(p: Stripe.PromotionCode, coupon: Stripe.Coupon): PromotionCodeView {
  return {
    id: p.id,
    code: p.code,
    active: p.active,
    maxRedemptions: p.max_redemptions,
    timesRedeemed: p.times_redeemed,
    expiresAtMs: p.expires_at ? p.expires_at * 1000 : null,
    firstTimeTransaction: p.restrictions.first_time_transaction,
    coupon: couponView(coupon),
  };
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
    return call(
      async () =>
        (
          await this.stripe().customers.create(
            { email: input.email, name: input.name, metadata: { userId: String(input.userId) } },
            { idempotencyKey: `customer-${input.userId}` },
          )
        ).id,
    );
  }

  createPaymentIntent(input: PaymentIntentInput): Promise<{ id: string; clientSecret: string }> {
    return call(async () => {
      const saved = input.paymentMethodId
        ? { payment_method: input.paymentMethodId, confirm: true, off_session: true }
        : {};
      const pi = await this.stripe().paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          customer: input.customerId,
          description: input.description,
          metadata: input.metadata,
          ...saved,
          ...(input.saveCard && !input.paymentMethodId ? { setup_future_usage: 'off_session' as const } : {}),
        },
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
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists'))
        throw error;
    }
  }

  createSubscription(input: SubscriptionInput): Promise<CreatedSubscription> {
    return call(async () => {
      await this.ensureProduct(input.productRef, input.productName);
      const trial = (input.trialDays ?? 0) > 0;
      const sub = await this.stripe().subscriptions.create(
        {
          customer: input.customerId,
          // The product's Price when the console set one (existing subscriptions keep theirs), else an inline one.
          items: [
            input.priceId
              ? { price: input.priceId }
              : {
                  price_data: {
                    currency: input.currency.toLowerCase(),
                    product: input.productRef,
                    unit_amount: input.amountCents,
                    recurring: { interval: input.interval },
                  },
                },
          ],
          // With the card on file the first invoice is charged at once, off session; else the card field confirms it.
          payment_behavior: input.paymentMethodId ? 'error_if_incomplete' : 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          metadata: input.metadata,
          ...(input.paymentMethodId ? { default_payment_method: input.paymentMethodId, off_session: true } : {}),
          ...(trial ? { trial_period_days: input.trialDays } : {}),
          ...(input.promotionCodeId ? { discounts: [{ promotion_code: input.promotionCodeId }] } : {}),
          expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments', 'pending_setup_intent'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const invoice = sub.latest_invoice;
      const setup = sub.pending_setup_intent;
      const paymentSecret =
        invoice && typeof invoice === 'object' ? (invoice.confirmation_secret?.client_secret ?? '') : '';
      const setupSecret = setup && typeof setup === 'object' ? (setup.client_secret ?? '') : '';
      // A trial charges nothing today: its card is collected by the pending setup intent.
      const clientSecret = paymentSecret || setupSecret;
      // A payment intent's client secret is '<its id>_secret_<...>'.
      const paymentIntentId = paymentSecret
        ? (paymentSecret.split('_secret_')[0] ?? '')
        : invoice && typeof invoice === 'object'
          ? (invoiceView(invoice).paymentIntentId ?? '')
          : '';
      return {
        id: sub.id,
        clientSecret,
        paymentIntentId,
        status: sub.status,
        trialEndMs: sub.trial_end ? sub.trial_end * 1000 : null,
      };
    });
  }

  retrievePaymentIntent(id: string): Promise<PaymentIntentView> {
    return call(async () => {
      const pi = await this.stripe().paymentIntents.retrieve(id);
      return {
        id: pi.id,
        status: pi.status,
        amountCents: pi.amount,
        currency: pi.currency,
        customerId: idOf(pi.customer),
        paymentMethodId: idOf(pi.payment_method),
        setupFutureUsage: pi.setup_future_usage ?? null,
      };
    });
  }

  retrieveSubscription(id: string): Promise<SubscriptionView> {
    return call(async () =>
      subscriptionView(await this.stripe().subscriptions.retrieve(id, { expand: ['pending_setup_intent'] })),
    );
  }

  cancelAtPeriodEnd(id: string): Promise<SubscriptionView> {
    return call(async () =>
      subscriptionView(await this.stripe().subscriptions.update(id, { cancel_at_period_end: true })),
    );
  }

  resumeAtPeriodEnd(id: string): Promise<SubscriptionView> {
    return call(async () =>
      subscriptionView(await this.stripe().subscriptions.update(id, { cancel_at_period_end: false })),
    );
  }

  cancelSubscription(id: string): Promise<SubscriptionView> {
    return call(async () => subscriptionView(await this.stripe().subscriptions.cancel(id)));
  }

  createPrice(input: PriceInput): Promise<string> {
    return call(async () => {
      await this.ensureProduct(input.productRef, input.productName);
      const price = await this.stripe().prices.create(
        {
          product: input.productRef,
          currency: input.currency.toLowerCase(),
          unit_amount: input.amountCents,
          metadata: input.metadata,
          ...(input.interval ? { recurring: { interval: input.interval } } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return price.id;
    });
  }

  changeSubscriptionPrice(id: string, change: PriceChange): Promise<SubscriptionChange> {
    return call(async () => {
      await this.ensureProduct(change.productRef, change.productName);
      const current = await this.stripe().subscriptions.retrieve(id);
      const item = current.items.data[0]?.id;
      const sub = await this.stripe().subscriptions.update(
        id,
        {
          items: [
            {
              ...(item ? { id: item } : {}),
              price_data: {
                currency: change.currency.toLowerCase(),
                product: change.productRef,
                unit_amount: change.amountCents,
                recurring: { interval: change.interval },
              },
            },
          ],
          proration_behavior: change.proration,
          ...(change.proration === 'always_invoice' ? { payment_behavior: 'error_if_incomplete' as const } : {}),
          expand: ['latest_invoice.payments'],
        },
        { idempotencyKey: change.idempotencyKey },
      );
      const invoice = sub.latest_invoice;
      const made =
        change.proration === 'always_invoice' &&
        invoice &&
        typeof invoice === 'object' &&
        invoice.id !== idOf(current.latest_invoice)
          ? invoiceView(invoice)
          : null;
      return { subscription: subscriptionView(sub), invoice: made };
    });
  }

  payInvoice(invoiceId: string, paymentMethodId: string | null): Promise<InvoiceView> {
    return call(async () => {
      const invoice = await this.stripe().invoices.retrieve(invoiceId, { expand: ['payments'] });
      if (invoice.status !== 'open') return invoiceView(invoice);
      return invoiceView(
        await this.stripe().invoices.pay(invoiceId, {
          off_session: true,
          ...(paymentMethodId ? { payment_method: paymentMethodId } : {}),
          expand: ['payments'],
        }),
      );
    });
  }

  defaultPaymentMethodOf(customerId: string): Promise<string | null> {
    return call(async () => {
      const customer = await this.stripe().customers.retrieve(customerId);
      return customer.deleted ? null : idOf(customer.invoice_settings?.default_payment_method);
    });
  }

  refund(input: RefundInput): Promise<RefundView> {
    return call(async () =>
      refundView(
        await this.stripe().refunds.create(
          {
            payment_intent: input.paymentIntentId,
            ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );
  }

  refundsOf(paymentIntentId: string): Promise<RefundView[]> {
    return call(async () => {
      const list = await this.stripe().refunds.list({ payment_intent: paymentIntentId, limit: 100 });
      return list.data.map(refundView).sort((a, b) => a.createdMs - b.createdMs);
    });
  }

  paymentMethodCard(paymentMethodId: string): Promise<{ brand: string; last4: string } | null> {
    return call(async () => {
      const pm = await this.stripe().paymentMethods.retrieve(paymentMethodId);
      return pm.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null;
    });
  }

  createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }> {
    return call(async () => {
      const setup = await this.stripe().setupIntents.create(
        { customer: input.customerId, usage: 'off_session', metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: setup.id, clientSecret: setup.client_secret ?? '' };
    });
  }

  retrieveSetupIntent(id: string): Promise<SetupIntentView> {
    return call(async () => {
      const setup = await this.stripe().setupIntents.retrieve(id);
      return {
        id: setup.id,
        status: setup.status,
        customerId: idOf(setup.customer),
        paymentMethodId: idOf(setup.payment_method),
      };
    });
  }

  defaultCard(customerId: string): Promise<SavedCardView | null> {
    return call(async () => {
      const customer = await this.stripe().customers.retrieve(customerId, {
        expand: ['invoice_settings.default_payment_method'],
      });
      if (customer.deleted) return null;
      const pm = customer.invoice_settings?.default_payment_method;
      if (!pm) return null;
      const method = typeof pm === 'string' ? await this.stripe().paymentMethods.retrieve(pm) : pm;
      if (!method.card) return null;
      return {
        paymentMethodId: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    });
  }

  setDefaultPaymentMethod(
    customerId: string,
    paymentMethodId: string,
    subscriptionIds: readonly string[],
  ): Promise<void> {
    return call(async () => {
      await this.stripe().customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
      for (const id of subscriptionIds)
        await this.stripe().subscriptions.update(id, { default_payment_method: paymentMethodId });
    });
  }

  detachPaymentMethod(paymentMethodId: string): Promise<void> {
    return call(async () => {
      await this.stripe().paymentMethods.detach(paymentMethodId);
    });
  }

  findPromotionCode(code: string): Promise<PromotionCodeView | null> {
    return call(async () => {
      const list = await this.stripe().promotionCodes.list({ code, limit: 10, expand: ['data.promotion.coupon'] });
      const wanted = code.toUpperCase();
      const found = list.data
        .filter((p) => p.code.toUpperCase() === wanted)
        .sort((a, b) => Number(b.active) - Number(a.active))[0];
      const coupon = found?.promotion.coupon;
      if (!found || !coupon) return null;
      return promotionCodeView(
        found,
        typeof coupon === 'string' ? await this.stripe().coupons.retrieve(coupon) : coupon,
      );
    });
  }

  ensureCoupon(input: CouponInput): Promise<string> {
    return call(async () => {
      try {
        return (await this.stripe().coupons.retrieve(input.id)).id;
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)) throw error;
      }
      const coupon = await this.stripe().coupons.create({
        id: input.id,
        name: input.name,
        duration: input.duration,
        ...(input.percentOff !== undefined ? { percent_off: input.percentOff } : {}),
        ...(input.amountOffCents !== undefined
          ? { amount_off: input.amountOffCents, currency: (input.currency ?? 'eur').toLowerCase() }
          : {}),
        ...(input.durationInMonths !== undefined ? { duration_in_months: input.durationInMonths } : {}),
        ...(input.maxRedemptions !== undefined ? { max_redemptions: input.maxRedemptions } : {}),
        ...(input.redeemByMs !== undefined ? { redeem_by: Math.floor(input.redeemByMs / 1000) } : {}),
        ...(input.appliesToProducts ? { applies_to: { products: input.appliesToProducts } } : {}),
      });
      return coupon.id;
    });
  }

  ensurePromotionCode(input: PromotionCodeInput): Promise<string> {
    return call(async () => {
      const known = (await this.stripe().promotionCodes.list({ code: input.code, limit: 1 })).data[0];
      if (known) return known.id;
      const made = await this.stripe().promotionCodes.create({
        promotion: { type: 'coupon', coupon: input.couponId },
        code: input.code,
        ...(input.maxRedemptions !== undefined ? { max_redemptions: input.maxRedemptions } : {}),
        ...(input.expiresAtMs !== undefined ? { expires_at: Math.floor(input.expiresAtMs / 1000) } : {}),
        ...(input.firstTimeTransaction ? { restrictions: { first_time_transaction: true } } : {}),
      });
      return made.id;
    });
  }

  verifyEvent(rawBody: string, signature: string, nowMs: number): ProviderEvent {
    const e = this.endpoint();
    if (!e) throw new BadSignatureError('no webhook secret');
    try {
      const event = this.stripe().webhooks.constructEvent(
        rawBody,
        signature,
        e.webhookSecret,
        SIGNATURE_TOLERANCE_S,
        undefined,
        nowMs,
      );
      return {
        id: event.id,
        type: event.type,
        createdMs: (Number(event.created) || 0) * 1000,
        object: event.data.object as unknown as Record<string, unknown>,
      };
    } catch (error) {
      throw new BadSignatureError(error instanceof Error ? error.message : 'bad signature');
    }
  }
}
