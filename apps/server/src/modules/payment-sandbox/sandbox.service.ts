import type { Clock } from '../../platform/clock';
import { AUTHENTICATION_FAILED, cardBrand, cardOutcome, laterChargesFail, TEST_PAYMENT_METHODS, type CardInput } from './cards';
import type { FormObject, FormValue } from './form-body';
import { addInterval, event, invalidRequest, invoice, newId, noSuch, paidInvoice, paymentIntent, StripeApiError, subscriptionPeriod, withPeriod, type Json } from './objects';
import type { ObjectWrite, SandboxRepository } from './sandbox.repository';

type Lang = 'es' | 'en';
type Event = ReturnType<typeof event>;
interface Loaded {
  data: Json;
  private: Json;
  version: number;
  dueAt: number | null;
}

const CLOCK_OFFSET = 'clock_offset_ms';
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

const write = (id: string, type: string, data: Json, prev: Loaded | null, dueAt: number | null = prev?.dueAt ?? null, priv: Json | null = prev?.private ?? null): ObjectWrite => ({
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
  constructor(
    private readonly repo: SandboxRepository,
    private readonly clock: Clock,
    /** Called when events were queued, so they go out at once. */
    private readonly onEvents: () => void,
  ) {}

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
    return { data: JSON.parse(row.data) as Json, private: row.private ? (JSON.parse(row.private) as Json) : {}, version: row.version, dueAt: row.dueAt };
  }

  private async apply(writes: ObjectWrite[], events: Event[]): Promise<void> {
    await this.repo.apply(writes, events, this.clock.now());
    if (events.length > 0) this.onEvents();
  }

  async createCustomer(form: FormObject): Promise<Json> {
    const customer = { id: newId('cus'), object: 'customer', email: text(form.email) ?? null, name: text(form.name) ?? null, metadata: metadataOf(form), invoice_settings: { default_payment_method: null }, created: await this.seconds(), livemode: false };
    await this.apply([write(String(customer.id), 'customer', customer, null)], []);
    return customer;
  }

  /** Only the default payment method can change, to a saved card or one of Stripe's test payment methods. */
  async updateCustomer(id: string, form: FormObject): Promise<Json> {
    const customer = await this.load(id, 'customer');
    const pm = text(obj(form.invoice_settings).default_payment_method);
    if (!pm) return customer.data;
    const number = TEST_PAYMENT_METHODS[pm] ?? (pm.startsWith('pm_') ? ((await this.load(pm, 'payment_method')).private.number as string | undefined) : undefined);
    if (!number) throw noSuch('payment_method', pm);
    const data = { ...customer.data, invoice_settings: { default_payment_method: pm } };
    await this.apply([write(id, 'customer', data, customer, null, { number })], []);
    return data;
  }

  async createProduct(form: FormObject): Promise<Json> {
    const id = text(form.id) ?? newId('prod');
    if (await this.repo.find(id)) throw new StripeApiError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: `Product already exists.`, param: 'id' });
    const product = { id, object: 'product', name: text(form.name) ?? id, active: true, metadata: metadataOf(form), created: await this.seconds(), livemode: false };
    await this.apply([write(id, 'product', product, null)], []);
    return product;
  }

  async createPaymentIntent(form: FormObject): Promise<Json> {
    const customer = text(form.customer) ?? null;
    if (customer) await this.load(customer, 'customer');
    const pi = paymentIntent({ amount: positiveInt(form.amount, 'amount'), currency: currencyOf(form.currency), customer, description: text(form.description) ?? null, metadata: metadataOf(form), invoice: null, created: await this.seconds() });
    await this.apply([write(String(pi.id), 'payment_intent', pi, null)], []);
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
      throw new StripeApiError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot confirm this PaymentIntent because it has a status of ${String(pi.data.status)}.`, payment_intent: pi.data });
    }
    const pmData = obj(form.payment_method_data);
    const cardForm = obj(pmData.card);
    const card: CardInput = { number: text(cardForm.number) ?? '', expMonth: Number(text(cardForm.exp_month)), expYear: Number(text(cardForm.exp_year)), cvc: text(cardForm.cvc) ?? '' };
    const holder = text(obj(pmData.billing_details).name) ?? null;
    const outcome = cardOutcome(card, new Date(await this.now()));
    if (outcome.kind === 'succeeds') return this.succeed(id, pi, card.number.replace(/\D/g, ''), holder);
    if (outcome.kind === 'authenticates') {
      const url = `/payments-sandbox/3ds/${id}?client_secret=${encodeURIComponent(String(pi.data.client_secret))}`;
      const data = { ...pi.data, status: 'requires_action', last_payment_error: null, next_action: { type: 'redirect_to_url', redirect_to_url: { url, return_url: text(form.return_url) ?? null } } };
      await this.apply([write(id, 'payment_intent', data, pi, null, { pendingNumber: card.number.replace(/\D/g, ''), holder })], []);
      return data;
    }
    const error = outcome.kind === 'declined'
      ? { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode, message: outcome.message[lang] }
      : { type: 'card_error', code: outcome.code, param: outcome.param, message: outcome.message[lang] };
    return this.fail(id, pi, error);
  }

  private async fail(id: string, pi: Loaded, error: Json): Promise<never> {
    const data = { ...pi.data, status: 'requires_payment_method', next_action: null, last_payment_error: error };
    await this.apply([write(id, 'payment_intent', data, pi, null, {})], [event('payment_intent.payment_failed', data, await this.seconds())]);
    throw new StripeApiError(402, { ...error, payment_intent: data });
  }

  /** The challenge page's answer: the pending card pays, or authentication fails. */
  async completeChallenge(id: string, clientSecret: string, passed: boolean, lang: Lang): Promise<Json> {
    const pi = await this.load(id, 'payment_intent');
    if (pi.data.client_secret !== clientSecret || pi.data.status !== 'requires_action') throw noSuch('payment_intent', id);
    if (passed) return this.succeed(id, pi, String(pi.private.pendingNumber), (pi.private.holder as string | null) ?? null);
    return this.fail(id, pi, { type: 'card_error', code: 'payment_intent_authentication_failure', message: AUTHENTICATION_FAILED[lang] });
  }

  private async succeed(id: string, pi: Loaded, number: string, holder: string | null): Promise<Json> {
    const now = await this.seconds();
    const pm = { id: newId('pm'), object: 'payment_method', type: 'card', card: { brand: cardBrand(number), last4: number.slice(-4) }, billing_details: { name: holder }, customer: pi.data.customer, created: now };
    const data: Json = { ...pi.data, status: 'succeeded', amount_received: pi.data.amount, payment_method: pm.id, last_payment_error: null, next_action: null, latest_charge: newId('ch') };
    const writes = [write(String(pm.id), 'payment_method', pm, null, null, { number }), write(id, 'payment_intent', data, pi, null, {})];
    const events = [event('payment_intent.succeeded', data, now)];
    if (typeof data.invoice === 'string') await this.paySubscriptionInvoice(data.invoice, String(pm.id), number, now, writes, events);
    await this.apply(writes, events);
    return data;
  }

  /** The first invoice of a subscription paid: the subscription starts and the card becomes its default. */
  private async paySubscriptionInvoice(invoiceId: string, pmId: string, number: string, now: number, writes: ObjectWrite[], events: Event[]): Promise<void> {
    const inv = await this.load(invoiceId, 'invoice');
    const paid = paidInvoice(inv.data, now);
    const subId = String((inv.data.parent as { subscription_details: { subscription: string } }).subscription_details.subscription);
    const sub = await this.load(subId, 'subscription');
    const active = { ...sub.data, status: 'active' };
    const customerId = String(inv.data.customer);
    const customer = await this.load(customerId, 'customer');
    writes.push(write(invoiceId, 'invoice', paid, inv));
    writes.push(write(subId, 'subscription', active, sub, subscriptionPeriod(active).end * 1000));
    writes.push(write(customerId, 'customer', { ...customer.data, invoice_settings: { default_payment_method: pmId } }, customer, null, { number }));
    events.push(event('invoice.paid', paid, now), event('customer.subscription.updated', active, now));
  }

  async createSubscription(form: FormObject): Promise<Json> {
    const customerId = text(form.customer);
    if (!customerId) throw invalidRequest('Missing required param: customer.', 'customer');
    await this.load(customerId, 'customer');
    const items = Array.isArray(form.items) ? form.items : Object.values(obj(form.items));
    const priceData = obj(obj(items[0]).price_data);
    const interval = text(obj(priceData.recurring).interval) === 'year' ? 'year' : 'month';
    const amount = positiveInt(priceData.unit_amount, 'items[0][price_data][unit_amount]');
    const currency = currencyOf(priceData.currency);
    const start = await this.seconds();
    const end = addInterval(start, interval);
    const subId = newId('sub');
    const metadata = metadataOf(form);
    const invoiceId = newId('in');
    const pi = paymentIntent({ amount, currency, customer: customerId, description: 'Subscription creation', metadata: {}, invoice: invoiceId, created: start });
    const inv = invoice({ customer: customerId, subscription: subId, amount, currency, periodStart: start, periodEnd: end, billingReason: 'subscription_create', paymentIntent: pi, metadata, created: start }, invoiceId);
    const price = { id: newId('price'), object: 'price', currency, unit_amount: amount, product: text(priceData.product) ?? null, recurring: { interval, interval_count: 1 } };
    const sub = withPeriod(
      { id: subId, object: 'subscription', customer: customerId, status: 'incomplete', cancel_at_period_end: false, canceled_at: null, ended_at: null, start_date: start, created: start, metadata, latest_invoice: invoiceId, items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price, quantity: 1 }] } },
      start,
      end,
    );
    await this.apply([write(String(pi.id), 'payment_intent', pi, null), write(invoiceId, 'invoice', inv, null), write(subId, 'subscription', sub, null)], [event('customer.subscription.created', sub, start)]);
    return this.expandSubscription(sub, form.expand);
  }

  private async expandSubscription(sub: Json, expand: FormValue | undefined): Promise<Json> {
    const wanted = (Array.isArray(expand) ? expand : Object.values(obj(expand))).filter((e): e is string => typeof e === 'string');
    if (!wanted.some((e) => e.startsWith('latest_invoice'))) return sub;
    return { ...sub, latest_invoice: (await this.load(String(sub.latest_invoice), 'invoice')).data };
  }

  async retrieveSubscription(id: string, form: FormObject): Promise<Json> {
    return this.expandSubscription((await this.load(id, 'subscription')).data, form.expand);
  }

  /** Only cancel_at_period_end changes: the subscription then ends when its paid period does. */
  async updateSubscription(id: string, form: FormObject): Promise<Json> {
    const sub = await this.load(id, 'subscription');
    const flag = text(form.cancel_at_period_end);
    if (flag === undefined) return sub.data;
    const data = { ...sub.data, cancel_at_period_end: flag === 'true', canceled_at: flag === 'true' ? await this.seconds() : null };
    await this.apply([write(id, 'subscription', data, sub)], [event('customer.subscription.updated', data, await this.seconds())]);
    return data;
  }

  /** Moves the test clock forward to `frozenTime` (epoch seconds) and renews or ends what fell due. */
  async advanceClock(frozenTime: number): Promise<Json> {
    const target = frozenTime * 1000;
    if (target > (await this.now())) await this.repo.setState(CLOCK_OFFSET, String(target - this.clock.now()));
    await this.renewDue();
    return { id: SANDBOX_CLOCK_ID, object: 'test_helpers.test_clock', frozen_time: await this.seconds(), status: 'ready', livemode: false };
  }

  /** Renews (or ends) every subscription whose period ended by the sandbox clock, one period at a time. */
  async renewDue(): Promise<number> {
    let done = 0;
    for (let round = 0; round < 240; round++) {
      const due = await this.repo.dueSubscriptions(await this.now());
      if (due.length === 0) break;
      for (const row of due) {
        try {
          await this.renewOne(row.id);
          done++;
        } catch (error) {
          if (!(error instanceof Error && error.name === 'ObjectChangedError')) throw error;
        }
      }
    }
    return done;
  }

  private async renewOne(subId: string): Promise<void> {
    const sub = await this.load(subId, 'subscription');
    const { end } = subscriptionPeriod(sub.data);
    if (sub.data.cancel_at_period_end === true || sub.data.status !== 'active') return this.endSubscription(subId, sub, end, []);
    const customerId = String(sub.data.customer);
    const customer = await this.load(customerId, 'customer');
    const number = String(customer.private.number ?? '');
    const price = ((sub.data.items as { data: Json[] }).data[0]?.price ?? {}) as Json;
    const interval = (price.recurring as Json | undefined)?.interval === 'year' ? 'year' : 'month';
    const next = addInterval(end, interval);
    const invoiceId = newId('in');
    const amount = Number(price.unit_amount);
    const currency = String(price.currency);
    const pi = paymentIntent({ amount, currency, customer: customerId, description: 'Subscription update', metadata: {}, invoice: invoiceId, created: end });
    const inv = invoice({ customer: customerId, subscription: subId, amount, currency, periodStart: end, periodEnd: next, billingReason: 'subscription_cycle', paymentIntent: pi, metadata: (sub.data.metadata as Json) ?? {}, created: end }, invoiceId);
    const outcome = cardOutcome({ number, expMonth: 12, expYear: 9999, cvc: '123' }, new Date(end * 1000));
    if (outcome.kind !== 'succeeds' || laterChargesFail(number)) {
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      const failedPi = { ...pi, last_payment_error: error };
      const writes = [write(String(pi.id), 'payment_intent', failedPi, null), write(invoiceId, 'invoice', inv, null)];
      return this.endSubscription(subId, sub, end, [event('payment_intent.payment_failed', failedPi, end), event('invoice.payment_failed', inv, end)], writes);
    }
    const paidPi = { ...pi, status: 'succeeded', amount_received: amount, payment_method: (customer.data.invoice_settings as Json).default_payment_method, latest_charge: newId('ch') };
    const paid = paidInvoice(inv, end);
    const renewed = { ...withPeriod(sub.data, end, next), latest_invoice: invoiceId };
    await this.apply(
      [write(String(pi.id), 'payment_intent', paidPi, null), write(invoiceId, 'invoice', paid, null), write(subId, 'subscription', renewed, sub, next * 1000)],
      [event('payment_intent.succeeded', paidPi, end), event('invoice.paid', paid, end)],
    );
  }

  /** A subscription ends at its period's end: cancelled at period end, or its renewal failed. */
  private async endSubscription(subId: string, sub: Loaded, end: number, events: Event[], writes: ObjectWrite[] = []): Promise<void> {
    const ended = { ...sub.data, status: 'canceled', ended_at: end, canceled_at: sub.data.canceled_at ?? end };
    await this.apply([...writes, write(subId, 'subscription', ended, sub, null)], [...events, event('customer.subscription.deleted', ended, end)]);
  }
}
