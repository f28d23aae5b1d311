import type { Clock } from '../../platform/clock';
import { AUTHENTICATION_FAILED, cardOutcome, TEST_PAYMENT_METHODS, type CardLocale } from './cards';
import { cardMethod, SandboxPaymentMethods, typedCard, type PaidCard } from './payment-methods';
import type { FormObject, FormValue } from './form-body';
import {
  addInterval,
  event,
  invalidRequest,
  invoice,
  newId,
  noSuch,
  paidInvoice,
  paymentIntent,
  StripeApiError,
  subscriptionPeriod,
  withPeriod,
  type Json,
} from './objects';
import { discountedAmount, SandboxCoupons, withDiscountLines } from './coupons';
import {
  chargeInvoice,
  DAY_S,
  DEFAULT_RETRY_DAYS,
  dueStep,
  ended,
  priceOf,
  prorate,
  settle,
  subscriptionOfInvoice,
  TRIAL_NOTICE_S,
  type Card,
  type Step,
  type Stored,
} from './lifecycle';
import { invoiceLine, jsonOf } from './objects';
import { ObjectChangedError, type ObjectWrite, type RenewalPlan, type SandboxRepository } from './sandbox.repository';
import type { SandboxObjectRow } from './tables';
import { SandboxPrices } from './prices';

type Lang = CardLocale;
type Event = ReturnType<typeof event>;
interface Loaded {
  data: Json;
  private: Json;
  version: number;
  dueAt: number | null;
}

const CLOCK_OFFSET = 'clock_offset_ms';
/** Subscriptions a renewal run reads and writes at once (one transaction each). */
const RENEWAL_BATCH = 1000;

/** How the sandbox bills: the retry schedule after a failed renewal (days after it). */
export interface SandboxOptions {
  retryDays?: readonly number[];
}

const stored = (row: SandboxObjectRow): Stored => ({
  id: row.id,
  data: JSON.parse(row.data) as Json,
  private: row.private ? (JSON.parse(row.private) as Json) : {},
  version: row.version,
  dueAt: row.dueAt,
});
/** The one test clock the sandbox has; advancing it renews or ends subscriptions that fall due. */
export const SANDBOX_CLOCK_ID = 'clock_sandbox';

const text = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const metadataOf = (form: FormObject): Json => ({ ...obj(form.metadata) });

function positiveInt(value: FormValue | undefined, param: string): number {
  const s = text(value);
  if (!s || !/^\d+$/.test(s) || Number(s) <= 0) throw invalidRequest(`Invalid positive integer: ${param}`, param);
  return Number(s);
}

function currencyOf(value: FormValue | undefined): string {
  const s = text(value)?.toLowerCase();
  if (!s || !/^[a-z]{3}$/.test(s)) throw invalidRequest('Missing required param: currency.', 'currency');
  return s;
}

const write = (
  id: string,
  type: string,
  data: Json,
  prev: Loaded | null,
  dueAt: number | null = prev?.dueAt ?? null,
  priv: Json | null = prev?.private ?? null,
): ObjectWrite => ({
  id,
  type,
  data: JSON.stringify(data),
  private: priv ? JSON.stringify(priv) : null,
  dueAt,
  version: prev ? prev.version : null,
});

/**
 * The built-in payment processor: the part of Stripe's API Pantalla uses (customers,
 * products, payment intents with test cards and 3-D Secure, subscriptions with monthly
 * renewal, a test clock), keeping its state in its own tables and queueing signed events.
 */
export class PaymentSandbox {
  /** Setup intents, saved cards and their off-session charges (payment-methods.ts). */
  readonly cards = new SandboxPaymentMethods(this);
  /** Coupons and promotion codes, and the discounts they give subscriptions (coupons.ts). */
  readonly coupons = new SandboxCoupons(this);
  /** Prices a subscription may be made with (prices.ts). */
  readonly prices = new SandboxPrices(this);

  constructor(
    private readonly repo: SandboxRepository,
    private readonly clock: Clock,
    /** Called when events were queued, so they go out at once. */
    private readonly onEvents: () => void,
    private readonly options: SandboxOptions = {},
  ) {}

  private get retryDays(): readonly number[] {
    return this.options.retryDays ?? DEFAULT_RETRY_DAYS;
  }

  /** The sandbox's clock: the server's plus however far tests advanced it (epoch ms). */
  async now(): Promise<number> {
    return this.clock.now() + Number((await this.repo.state(CLOCK_OFFSET)) ?? 0);
  }

  private async seconds(): Promise<number> {
    return Math.floor((await this.now()) / 1000);
  }

  async load(id: string, type: string): Promise<Loaded> {
    const row = await this.repo.find(id);
    if (!row || row.type !== type) throw noSuch(type, id);
    return {
      data: JSON.parse(row.data) as Json,
      private: row.private ? (JSON.parse(row.private) as Json) : {},
      version: row.version,
      dueAt: row.dueAt,
    };
  }

  async apply(writes: ObjectWrite[], events: Event[]): Promise<void> {
    await this.repo.apply(writes, events, this.clock.now());
    if (events.length > 0) this.onEvents();
  }

  async createCustomer(form: FormObject): Promise<Json> {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: text(form.email) ?? null,
      name: text(form.name) ?? null,
      metadata: metadataOf(form),
      invoice_settings: { default_payment_method: null },
      created: await this.seconds(),
      livemode: false,
    };
    await this.apply([write(String(customer.id), 'customer', customer, null)], []);
    return customer;
  }

  /** Only the default payment method can change, to a saved card or one of Stripe's test payment methods. */
  async updateCustomer(id: string, form: FormObject): Promise<Json> {
    const customer = await this.load(id, 'customer');
    const pm = text(obj(form.invoice_settings).default_payment_method);
    if (!pm) return customer.data;
    const number =
      TEST_PAYMENT_METHODS[pm] ??
      (pm.startsWith('pm_')
        ? ((await this.load(pm, 'payment_method')).private.number as string | undefined)
        : undefined);
    if (!number) throw noSuch('payment_method', pm);
    const data = { ...customer.data, invoice_settings: { default_payment_method: pm } };
    await this.apply([write(id, 'customer', data, customer, null, { number })], []);
    return data;
  }

  async createProduct(form: FormObject): Promise<Json> {
    const id = text(form.id) ?? newId('prod');
    if (await this.repo.find(id))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_already_exists',
        message: `Product already exists.`,
        param: 'id',
      });
    const product = {
      id,
      object: 'product',
      name: text(form.name) ?? id,
      active: true,
      metadata: metadataOf(form),
      created: await this.seconds(),
      livemode: false,
    };
    await this.apply([write(id, 'product', product, null)], []);
    return product;
  }

  async createPaymentIntent(form: FormObject): Promise<Json> {
    const customer = text(form.customer) ?? null;
    if (customer) await this.load(customer, 'customer');
    const created = paymentIntent({
      amount: positiveInt(form.amount, 'amount'),
      currency: currencyOf(form.currency),
      customer,
      description: text(form.description) ?? null,
      metadata: metadataOf(form),
      invoice: null,
      created: await this.seconds(),
    });
    // setup_future_usage: the card that pays it stays the customer's for later charges.
    const future = text(form.setup_future_usage);
    const pi =
      future === 'off_session' || future === 'on_session' ? { ...created, setup_future_usage: future } : created;
    await this.apply([write(String(pi.id), 'payment_intent', pi, null)], []);
    // A saved card with confirm=true: charged at once (off_session: nobody is there to authenticate).
    const saved = text(form.payment_method);
    if (saved && text(form.confirm) === 'true')
      return this.cards.confirmWithSavedCard(String(pi.id), saved, text(form.off_session) === 'true', 'en');
    return pi;
  }

  /** A payment intent; with the publishable key only for whoever holds its client secret. */
  async retrievePaymentIntent(id: string, clientSecret: string | null): Promise<Json> {
    const pi = await this.load(id, 'payment_intent');
    if (clientSecret !== null && pi.data.client_secret !== clientSecret) throw noSuch('payment_intent', id);
    return pi.data;
  }

  /** Confirms with a card: succeeds, is declined, or waits for the 3-D Secure challenge. */
  async confirmPaymentIntent(id: string, form: FormObject, viaClientSecret: boolean, lang: Lang): Promise<Json> {
    const pi = await this.load(id, 'payment_intent');
    if (viaClientSecret && text(form.client_secret) !== pi.data.client_secret) throw noSuch('payment_intent', id);
    if (pi.data.status === 'succeeded' || pi.data.status === 'canceled') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${String(pi.data.status)}.`,
        payment_intent: pi.data,
      });
    }
    const card = typedCard(form);
    const holder = card.holder;
    const paid: PaidCard = {
      number: card.number.replace(/\D/g, ''),
      expMonth: card.expMonth,
      expYear: card.expYear,
      holder,
      paymentMethod: null,
    };
    const outcome = cardOutcome(card, new Date(await this.now()));
    if (outcome.kind === 'succeeds') return this.succeed(id, pi, paid);
    if (outcome.kind === 'authenticates') {
      const url = `/payments-sandbox/3ds/${id}?client_secret=${encodeURIComponent(String(pi.data.client_secret))}`;
      const data = {
        ...pi.data,
        status: 'requires_action',
        last_payment_error: null,
        next_action: { type: 'redirect_to_url', redirect_to_url: { url, return_url: text(form.return_url) ?? null } },
      };
      await this.apply(
        [write(id, 'payment_intent', data, pi, null, { pendingNumber: paid.number, holder, pendingCard: paid })],
        [],
      );
      return data;
    }
    const error =
      outcome.kind === 'declined'
        ? { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode, message: outcome.message[lang] }
        : { type: 'card_error', code: outcome.code, param: outcome.param, message: outcome.message[lang] };
    return this.fail(id, pi, error);
  }

  async fail(id: string, pi: Loaded, error: Json): Promise<never> {
    const data = { ...pi.data, status: 'requires_payment_method', next_action: null, last_payment_error: error };
    await this.apply(
      [write(id, 'payment_intent', data, pi, null, {})],
      [event('payment_intent.payment_failed', data, await this.seconds())],
    );
    throw new StripeApiError(402, { ...error, payment_intent: data });
  }

  /** The challenge page's answer: the pending card pays, or authentication fails. */
  async completeChallenge(id: string, clientSecret: string, passed: boolean, lang: Lang): Promise<Json> {
    const pi = await this.load(id, 'payment_intent');
    if (pi.data.client_secret !== clientSecret || pi.data.status !== 'requires_action')
      throw noSuch('payment_intent', id);
    const pending = (pi.private.pendingCard as PaidCard | undefined) ?? {
      number: String(pi.private.pendingNumber),
      expMonth: 12,
      expYear: 2099,
      holder: (pi.private.holder as string | null) ?? null,
      paymentMethod: null,
    };
    if (passed) return this.succeed(id, pi, pending);
    return this.fail(id, pi, {
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      message: AUTHENTICATION_FAILED[lang],
    });
  }

  /** Paid with `card`: a card typed in the card field becomes a payment method, attached to the customer when it is to be kept (setup_future_usage, a subscription). */
  async succeed(id: string, pi: Loaded, card: PaidCard): Promise<Json> {
    const now = await this.seconds();
    const number = card.number;
    const customer = typeof pi.data.customer === 'string' ? pi.data.customer : null;
    const keep =
      customer !== null && (typeof pi.data.setup_future_usage === 'string' || typeof pi.data.invoice === 'string');
    const made = card.paymentMethod === null ? cardMethod(card, now, keep ? customer : null) : null;
    const pmId = card.paymentMethod ?? String(made?.data.id);
    const data: Json = {
      ...pi.data,
      status: 'succeeded',
      amount_received: pi.data.amount,
      payment_method: pmId,
      last_payment_error: null,
      next_action: null,
      latest_charge: newId('ch'),
    };
    const writes = [
      ...(made ? [write(pmId, 'payment_method', made.data, null, null, made.private)] : []),
      write(id, 'payment_intent', data, pi, null, {}),
    ];
    const events = [event('payment_intent.succeeded', data, now)];
    if (made && keep && customer) {
      writes.push(await this.cards.attachWrite(customer, pmId));
      events.push(event('payment_method.attached', made.data, now));
    }
    if (typeof data.invoice === 'string')
      await this.paySubscriptionInvoice(data.invoice, pmId, number, now, writes, events);
    await this.apply(writes, events);
    return data;
  }

  /** The first invoice of a subscription paid: the subscription starts and the card becomes its default. */
  private async paySubscriptionInvoice(
    invoiceId: string,
    pmId: string,
    number: string,
    now: number,
    writes: ObjectWrite[],
    events: Event[],
  ): Promise<void> {
    const inv = await this.load(invoiceId, 'invoice');
    const paid = paidInvoice(inv.data, now);
    const subId = String(
      (inv.data.parent as { subscription_details: { subscription: string } }).subscription_details.subscription,
    );
    const sub = await this.load(subId, 'subscription');
    const active = { ...sub.data, status: 'active' };
    const customerId = String(inv.data.customer);
    const customer = await this.load(customerId, 'customer');
    writes.push(write(invoiceId, 'invoice', paid, inv));
    writes.push(write(subId, 'subscription', active, sub, subscriptionPeriod(active).end * 1000));
    writes.push(
      write(
        customerId,
        'customer',
        { ...customer.data, invoice_settings: { default_payment_method: pmId } },
        customer,
        null,
        { number },
      ),
    );
    events.push(event('invoice.paid', paid, now), event('customer.subscription.updated', active, now));
  }

  async createSubscription(form: FormObject): Promise<Json> {
    const customerId = text(form.customer);
    if (!customerId) throw invalidRequest('Missing required param: customer.', 'customer');
    const customerObject = await this.load(customerId, 'customer');
    // A saved card (default_payment_method, else the customer's unless default_incomplete) pays the first invoice at once.
    const customerPm =
      text(form.payment_behavior) === 'default_incomplete'
        ? undefined
        : ((customerObject.data.invoice_settings as Json | undefined)?.default_payment_method as
            string | null | undefined);
    const savedPm = text(form.default_payment_method) ?? customerPm ?? null;
    if (savedPm) await this.cards.chargeableCard(savedPm, customerId);
    const items = Array.isArray(form.items) ? form.items : Object.values(obj(form.items));
    // items[0][price] (a Price made before, kept as it is) or items[0][price_data] (a new one).
    const listed = await this.prices.ofItem(obj(items[0]));
    const priceData = listed?.priceData ?? obj(obj(items[0]).price_data);
    const interval = text(obj(priceData.recurring).interval) === 'year' ? 'year' : 'month';
    const amount = positiveInt(priceData.unit_amount, 'items[0][price_data][unit_amount]');
    const currency = currencyOf(priceData.currency);
    const start = await this.seconds();
    const trialEnd = trialEndOf(form, start);
    const end = trialEnd ?? addInterval(start, interval);
    const subId = newId('sub');
    const metadata = metadataOf(form);
    const invoiceId = newId('in');
    // A coupon or promotion code lowers the invoices it covers, its redemption counted once (coupons.ts).
    const redemption = await this.coupons.redeem(form, {
      customer: customerId,
      subscription: subId,
      productRef: text(priceData.product) ?? null,
      currency,
      start,
      firstChargeAt: trialEnd ?? start,
    });
    const firstAmount = redemption ? discountedAmount({ discount: redemption.kept }, amount, start) : amount;
    // A trial bills nothing today: its first invoice is of 0 and paid, and a setup intent collects the card.
    const pi =
      trialEnd === null
        ? paymentIntent({
            amount: firstAmount,
            currency,
            customer: customerId,
            description: 'Subscription creation',
            metadata: {},
            invoice: invoiceId,
            created: start,
          })
        : null;
    const billed = invoice(
      {
        customer: customerId,
        subscription: subId,
        amount: trialEnd === null ? firstAmount : 0,
        currency,
        periodStart: start,
        periodEnd: end,
        billingReason: 'subscription_create',
        paymentIntent: pi,
        metadata,
        created: start,
      },
      invoiceId,
    );
    const created =
      redemption && trialEnd === null ? withDiscountLines(billed, amount, String(redemption.discount.id)) : billed;
    const inv = trialEnd === null ? created : paidInvoice(created, start);
    const setup = trialEnd === null || savedPm ? null : setupIntent(customerId, start);
    const price = listed?.price ?? {
      id: newId('price'),
      object: 'price',
      currency,
      unit_amount: amount,
      product: text(priceData.product) ?? null,
      recurring: { interval, interval_count: 1 },
    };
    const sub = withPeriod(
      {
        id: subId,
        object: 'subscription',
        customer: customerId,
        status: trialEnd === null ? 'incomplete' : 'trialing',
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        start_date: start,
        created: start,
        metadata,
        latest_invoice: invoiceId,
        trial_start: trialEnd === null ? null : start,
        trial_end: trialEnd,
        pending_setup_intent: setup ? setup.id : null,
        default_payment_method: text(form.default_payment_method) ?? null,
        discounts: redemption ? [redemption.discount.id] : [],
        items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price, quantity: 1 }] },
      },
      start,
      end,
    );
    // A trialing subscription is next due when trial_will_end goes out (three days before its end, or now when shorter).
    const dueAt = trialEnd === null ? null : Math.max(start, trialEnd - TRIAL_NOTICE_S) * 1000;
    const writes = [
      ...(pi ? [write(String(pi.id), 'payment_intent', pi, null)] : []),
      { ...write(invoiceId, 'invoice', inv, null), ownerId: subId },
      ...(setup ? [write(String(setup.id), 'setup_intent', setup, null, null, { subscription: subId })] : []),
      write(subId, 'subscription', sub, null, dueAt, redemption ? { discount: redemption.kept } : null),
      ...(redemption?.writes ?? []),
    ];
    await this.apply(writes, [
      event('customer.subscription.created', sub, start),
      ...(trialEnd === null ? [] : [event('invoice.paid', inv, start)]),
    ]);
    if (pi && savedPm) {
      await this.cards.confirmWithSavedCard(String(pi.id), savedPm, text(form.off_session) === 'true', 'en');
      return this.expandSubscription((await this.load(subId, 'subscription')).data, form.expand);
    }
    return this.expandSubscription(sub, form.expand);
  }

  private async expandSubscription(sub: Json, expand: FormValue | undefined): Promise<Json> {
    const wanted = (Array.isArray(expand) ? expand : Object.values(obj(expand))).filter(
      (e): e is string => typeof e === 'string',
    );
    let expanded = sub;
    if (wanted.some((e) => e.startsWith('latest_invoice')) && typeof sub.latest_invoice === 'string')
      expanded = { ...expanded, latest_invoice: (await this.load(sub.latest_invoice, 'invoice')).data };
    if (wanted.includes('pending_setup_intent') && typeof sub.pending_setup_intent === 'string')
      expanded = {
        ...expanded,
        pending_setup_intent: (await this.load(sub.pending_setup_intent, 'setup_intent')).data,
      };
    return expanded;
  }

  async retrieveSubscription(id: string, form: FormObject): Promise<Json> {
    return this.expandSubscription((await this.load(id, 'subscription')).data, form.expand);
  }

  /**
   * Metadata, cancel_at_period_end, and the one item's price: proration_behavior 'none' bills the
   * new price from the next renewal; 'always_invoice' charges the prorated difference for the rest
   * of the period now, and when that charge fails nothing changes and the card error is the answer
   * (Stripe's payment_behavior=error_if_incomplete).
   */
  async updateSubscription(id: string, form: FormObject): Promise<Json> {
    const sub = await this.load(id, 'subscription');
    const now = await this.seconds();
    const status = String(sub.data.status);
    if (status === 'canceled' || status === 'incomplete_expired')
      throw invalidRequest(`A canceled subscription can only update its metadata: ${id}.`);
    let data: Json = { ...sub.data };
    if (form.metadata !== undefined) data.metadata = mergedMetadata(sub.data.metadata, form.metadata);
    const flag = text(form.cancel_at_period_end);
    if (flag !== undefined)
      data = { ...data, cancel_at_period_end: flag === 'true', canceled_at: flag === 'true' ? now : null };
    // The card the subscription is charged with: one attached to its customer ('' unsets it).
    const pm = text(form.default_payment_method);
    if (pm !== undefined) {
      if (pm !== '') await this.cards.chargeableCard(pm, String(sub.data.customer));
      data = { ...data, default_payment_method: pm === '' ? null : pm };
    }
    const items = Array.isArray(form.items) ? form.items : Object.values(obj(form.items));
    const change = obj(items[0]);
    const writes: ObjectWrite[] = [];
    const events: Event[] = [];
    if (Object.keys(obj(change.price_data)).length > 0) {
      const current = (sub.data.items as { data: Json[] }).data[0] ?? {};
      if (text(change.id) !== undefined && text(change.id) !== current.id)
        throw invalidRequest(`No such subscription item: '${String(text(change.id))}'`, 'items[0][id]');
      const priceData = obj(change.price_data);
      const interval = text(obj(priceData.recurring).interval) === 'year' ? 'year' : 'month';
      const price = {
        id: newId('price'),
        object: 'price',
        currency: currencyOf(priceData.currency),
        unit_amount: positiveInt(priceData.unit_amount, 'items[0][price_data][unit_amount]'),
        product: text(priceData.product) ?? null,
        recurring: { interval, interval_count: 1 },
      };
      const behavior = text(form.proration_behavior) ?? 'create_prorations';
      if (behavior !== 'none' && behavior !== 'always_invoice')
        throw invalidRequest(
          'The sandbox bills a price change with proration_behavior none or always_invoice.',
          'proration_behavior',
        );
      const items2 = data.items as { data: Json[] };
      data = { ...data, items: { ...items2, data: items2.data.map((i, n) => (n === 0 ? { ...i, price } : i)) } };
      if (behavior === 'always_invoice' && status !== 'trialing') {
        const made = await this.prorationInvoice(id, sub, priceOf(sub.data), price, now);
        writes.push(...made.writes);
        events.push(...made.events);
        data.latest_invoice = made.invoiceId;
      }
    }
    await this.apply(
      [write(id, 'subscription', data, sub), ...writes],
      [...events, event('customer.subscription.updated', data, now)],
    );
    return this.expandSubscription(data, form.expand);
  }

  /** The invoice of a price change at `now`: the old price's unused time credited, the new one's remaining time charged, paid at once or refused. */
  private async prorationInvoice(
    subId: string,
    sub: Loaded,
    oldPrice: Json,
    newPrice: Json,
    now: number,
  ): Promise<{ invoiceId: string; writes: ObjectWrite[]; events: Event[] }> {
    const { start, end } = subscriptionPeriod(sub.data);
    const { credit, charge } = prorate(Number(oldPrice.unit_amount), Number(newPrice.unit_amount), start, end, now);
    const currency = String(newPrice.currency);
    const customerId = String(sub.data.customer);
    const amount = Math.max(0, credit + charge);
    const invoiceId = newId('in');
    const pi =
      amount > 0
        ? paymentIntent({
            amount,
            currency,
            customer: customerId,
            description: 'Subscription update',
            metadata: {},
            invoice: invoiceId,
            created: now,
          })
        : null;
    const lines = [
      invoiceLine(credit, currency, now, end, 'Unused time on the previous price', true),
      invoiceLine(charge, currency, now, end, 'Remaining time on the new price', true),
    ];
    const inv = invoice(
      {
        customer: customerId,
        subscription: subId,
        amount,
        currency,
        periodStart: now,
        periodEnd: end,
        billingReason: 'subscription_update',
        paymentIntent: pi,
        metadata: (sub.data.metadata as Json) ?? {},
        created: now,
        lines,
      },
      invoiceId,
    );
    const charged = chargeInvoice(inv, pi, await this.cardOf(sub.data), now);
    if (!charged.paid) {
      const error = charged.error ?? {};
      throw new StripeApiError(error.type === 'card_error' ? 402 : 400, {
        ...error,
        ...(charged.intent ? { payment_intent: charged.intent } : {}),
      });
    }
    const writes = [
      ...(charged.intent ? [write(String(charged.intent.id), 'payment_intent', charged.intent, null)] : []),
      { ...write(invoiceId, 'invoice', charged.invoice, null), ownerId: subId },
    ];
    return { invoiceId, writes, events: charged.events };
  }

  /** DELETE /v1/subscriptions/{id}: cancelled now; a trial is never charged. */
  async cancelSubscription(id: string): Promise<Json> {
    const sub = await this.load(id, 'subscription');
    if (sub.data.status === 'canceled') throw invalidRequest(`This subscription is already canceled: ${id}.`);
    const now = await this.seconds();
    const gone = ended(sub.data, now, 'cancellation_requested');
    await this.apply([write(id, 'subscription', gone, sub, null)], [event('customer.subscription.deleted', gone, now)]);
    return gone;
  }

  async retrieveInvoice(id: string): Promise<Json> {
    return (await this.load(id, 'invoice')).data;
  }

  /** GET /v1/invoices?subscription=...&status=...: a subscription's invoices, newest first. */
  async listInvoices(query: FormObject): Promise<Json> {
    const subscription = text(query.subscription);
    if (!subscription)
      throw invalidRequest('The sandbox lists invoices by subscription: missing subscription.', 'subscription');
    const limit = Math.min(100, Math.max(1, Number(text(query.limit) ?? 10) || 10));
    const status = text(query.status);
    const rows = await this.repo.invoicesOf(subscription, 100);
    const data = rows
      .map((r) => JSON.parse(r.data) as Json)
      .filter((inv) => status === undefined || inv.status === status);
    return { object: 'list', url: '/v1/invoices', has_more: data.length > limit, data: data.slice(0, limit) };
  }

  /**
   * POST /v1/invoices/{id}/pay: charges an open invoice now with the given payment method or the
   * default one. Paid, its past_due subscription is active again for the period the invoice covers;
   * refused, the card error is the answer and the retry schedule stays as it was.
   */
  async payInvoice(id: string, form: FormObject): Promise<Json> {
    const inv = await this.load(id, 'invoice');
    if (inv.data.status === 'paid')
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'invoice_already_paid',
        message: 'Invoice is already paid.',
      });
    if (inv.data.status !== 'open')
      throw invalidRequest(`You can only pay an invoice whose status is open, not ${String(inv.data.status)}.`);
    const subId = subscriptionOfInvoice(inv.data);
    const sub = subId ? await this.load(subId, 'subscription') : null;
    const intentId =
      (inv.data.payments as { data: Array<{ payment: { payment_intent: string } }> }).data[0]?.payment.payment_intent ??
      null;
    const intent = intentId ? await this.load(intentId, 'payment_intent') : null;
    const pm = text(form.payment_method);
    const card = pm ? await this.cardOfMethod(pm) : await this.cardOf(sub?.data ?? { customer: inv.data.customer });
    if (pm && !card) throw noSuch('payment_method', pm);
    const now = await this.seconds();
    const charged = chargeInvoice(inv.data, intent?.data ?? null, card, now);
    const open = { invoice: { id, ...inv }, intent: intent && intentId ? { id: intentId, ...intent } : null };
    if (sub && subId) {
      const step = settle({ id: subId, ...sub }, open, charged, now, now, this.retryDays, true);
      await this.applyStep({ id: subId, ...sub }, step);
    } else {
      await this.apply(
        [
          write(id, 'invoice', charged.invoice, inv),
          ...(intent && intentId && charged.intent ? [write(intentId, 'payment_intent', charged.intent, intent)] : []),
        ],
        [...charged.events, ...(charged.paid ? [] : [event('invoice.payment_failed', charged.invoice, now)])],
      );
    }
    if (!charged.paid) {
      const error = charged.error ?? {};
      throw new StripeApiError(error.type === 'card_error' ? 402 : 400, {
        ...error,
        ...(charged.intent ? { payment_intent: charged.intent } : {}),
      });
    }
    return charged.invoice;
  }

  /** The card a subscription's charges use: its own default payment method, else its customer's (Stripe's order). */
  private async cardOf(sub: Json): Promise<Card | null> {
    const customer = await this.repo.find(String(sub.customer));
    const subPm = typeof sub.default_payment_method === 'string' ? sub.default_payment_method : null;
    const customerPm = customer
      ? (obj(JSON.parse(customer.data).invoice_settings as FormValue).default_payment_method as string | undefined)
      : undefined;
    const methods = await this.repo.findMany(
      [subPm, customerPm].filter((m): m is string => typeof m === 'string' && m.startsWith('pm_')),
    );
    return cardFrom(sub, customer ? stored(customer) : undefined, methods);
  }

  private async cardOfMethod(pm: string): Promise<Card | null> {
    const methods = await this.repo.findMany(pm.startsWith('pm_') ? [pm] : []);
    return cardFrom({ default_payment_method: pm }, undefined, methods);
  }

  /** Moves the test clock forward to `frozenTime` (epoch seconds) and renews or ends what fell due. */
  async advanceClock(frozenTime: number): Promise<Json> {
    const target = frozenTime * 1000;
    if (target > (await this.now())) await this.repo.setState(CLOCK_OFFSET, String(target - this.clock.now()));
    await this.renewDue();
    return {
      id: SANDBOX_CLOCK_ID,
      object: 'test_helpers.test_clock',
      frozen_time: await this.seconds(),
      status: 'ready',
      livemode: false,
    };
  }

  /**
   * Renews, retries, notifies or ends every subscription due by the sandbox clock, a batch of
   * RENEWAL_BATCH at a time in one transaction each; each step happens at its own due time, so a
   * clock moved on by months replays them in order. Another renewer running at once (another
   * process) loses every subscription it did not change first: none is charged twice.
   */
  async renewDue(): Promise<number> {
    let done = 0;
    // A renewer that lost most of a batch to another takes the due ones from the other end, so two at once mostly stop meeting.
    let newestFirst = false;
    for (;;) {
      const due = (await this.repo.dueSubscriptions(await this.now(), RENEWAL_BATCH, newestFirst)).map(stored);
      if (due.length === 0) return done;
      const plans = await this.planRenewals(due);
      let applied: number;
      try {
        applied = await this.repo.applyRenewals(plans, this.clock.now());
      } catch (error) {
        if (!(error instanceof ObjectChangedError)) throw error;
        // An invoice changed under a winning plan (paid through the API meanwhile): each on its own.
        applied = 0;
        for (const plan of plans)
          applied += await this.repo
            .applyRenewals([plan], this.clock.now())
            .catch((e: unknown) => (e instanceof ObjectChangedError ? 0 : Promise.reject(e)));
      }
      done += applied;
      if (applied * 2 < plans.length) newestFirst = !newestFirst;
      if (applied > 0) this.onEvents();
    }
  }

  private async planRenewals(due: Stored[]): Promise<RenewalPlan[]> {
    const openIds = due
      .filter((s) => s.data.status === 'past_due' && typeof s.data.latest_invoice === 'string')
      .map((s) => String(s.data.latest_invoice));
    const first = await this.repo.findMany([...due.map((s) => String(s.data.customer)), ...openIds]);
    const intentIds = openIds.flatMap((i) => {
      const row = first.get(i);
      const payment = row
        ? (JSON.parse(row.data) as { payments?: { data?: Array<{ payment?: { payment_intent?: string } }> } }).payments
            ?.data?.[0]?.payment?.payment_intent
        : undefined;
      return payment ? [payment] : [];
    });
    const customers = new Map<string, Stored>();
    for (const s of due) {
      const row = first.get(String(s.data.customer));
      if (row) customers.set(row.id, stored(row));
    }
    const methodIds = due
      .flatMap((s) => [
        s.data.default_payment_method,
        (customers.get(String(s.data.customer))?.data.invoice_settings as Json | undefined)?.default_payment_method,
      ])
      .filter((m): m is string => typeof m === 'string' && m.startsWith('pm_'));
    const second = await this.repo.findMany([...methodIds, ...intentIds]);
    return due.map((sub) => {
      const invoiceRow = typeof sub.data.latest_invoice === 'string' ? first.get(sub.data.latest_invoice) : undefined;
      const invoiceStored = invoiceRow && invoiceRow.type === 'invoice' ? stored(invoiceRow) : null;
      const intentId = invoiceStored
        ? (invoiceStored.data.payments as { data: Array<{ payment: { payment_intent: string } }> }).data[0]?.payment
            .payment_intent
        : undefined;
      const intentRow = intentId ? second.get(intentId) : undefined;
      const open = invoiceStored ? { invoice: invoiceStored, intent: intentRow ? stored(intentRow) : null } : null;
      const at = Math.floor(Number(sub.dueAt) / 1000);
      return toPlan(
        sub,
        dueStep(sub, cardFrom(sub.data, customers.get(String(sub.data.customer)), second), open, at, this.retryDays),
      );
    });
  }

  /** Applies one subscription's step now (an API call's), compare-and-set like a renewal. */
  private async applyStep(sub: Stored, step: Step): Promise<void> {
    const plan = toPlan(sub, step);
    await this.apply([plan.subscription, ...plan.writes], plan.events);
  }
}

/** The trial's end asked for (trial_end, or trial_period_days from now), epoch s; null without a trial. */
function trialEndOf(form: FormObject, now: number): number | null {
  const days = text(form.trial_period_days);
  const end = text(form.trial_end);
  if (end === 'now' || (days === undefined && end === undefined)) return null;
  if (end !== undefined) {
    if (!/^\d+$/.test(end) || Number(end) <= now || Number(end) > now + 730 * DAY_S)
      throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    return Number(end);
  }
  if (days === '0') return null;
  if (!/^\d+$/.test(days ?? '') || Number(days) > 730)
    throw invalidRequest('Invalid trial_period_days: must be an integer between 1 and 730.', 'trial_period_days');
  return now + Number(days) * DAY_S;
}

/** A setup intent collecting the card a trial will charge at its end (confirmed by the card field). */
function setupIntent(customer: string, created: number): Json {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    customer,
    status: 'requires_payment_method',
    usage: 'off_session',
    client_secret: `${id}_secret_${newId('s').slice(2)}`,
    payment_method: null,
    payment_method_types: ['card'],
    last_setup_error: null,
    next_action: null,
    metadata: {},
    created,
    livemode: false,
  };
}

/** Stripe's metadata update: keys set, a key set to '' removed. */
function mergedMetadata(current: unknown, update: FormValue | undefined): Json {
  const merged: Json = { ...(current && typeof current === 'object' ? (current as Json) : {}) };
  if (update === '') return {};
  for (const [key, value] of Object.entries(obj(update))) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The card for a charge: the subscription's default payment method, else the customer's default card. */
function cardFrom(
  sub: Json,
  customer: Stored | undefined,
  methods: ReadonlyMap<string, SandboxObjectRow>,
): Card | null {
  const numberOf = (pm: string): string | null => {
    const row = methods.get(pm);
    const number = TEST_PAYMENT_METHODS[pm] ?? (row?.private ? (JSON.parse(row.private) as Json).number : undefined);
    return typeof number === 'string' && number !== '' ? number : null;
  };
  const subPm = typeof sub.default_payment_method === 'string' ? sub.default_payment_method : null;
  const subNumber = subPm ? numberOf(subPm) : null;
  if (subPm && subNumber) return { number: subNumber, paymentMethod: subPm };
  if (!customer) return null;
  const pm = (customer.data.invoice_settings as Json | undefined)?.default_payment_method;
  const pmId = typeof pm === 'string' ? pm : null;
  const number =
    typeof customer.private.number === 'string' && customer.private.number !== ''
      ? customer.private.number
      : pmId
        ? numberOf(pmId)
        : null;
  return number ? { number, paymentMethod: pmId } : null;
}

/** A step as the repository writes it: the subscription compare-and-set first (the lock order of every writer), then the rest. */
function toPlan(sub: Stored, step: Step): RenewalPlan {
  const subscription: ObjectWrite = {
    id: sub.id,
    type: 'subscription',
    data: jsonOf(step.subscription.data),
    private: JSON.stringify(step.subscription.private),
    dueAt: step.subscription.dueAt,
    version: sub.version,
  };
  const writes = step.objects.map((o): ObjectWrite => ({
    id: o.id,
    type: o.type,
    data: jsonOf(o.data),
    private: o.previous ? JSON.stringify(o.previous.private) : null,
    dueAt: null,
    version: o.previous ? o.previous.version : null,
    ownerId: o.ownerId ?? null,
  }));
  return { subscription, writes, events: step.events };
}
