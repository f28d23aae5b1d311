import { randomBytes } from 'node:crypto';
import {
  AUTHENTICATION_FAILED,
  cardBrand,
  cardOutcome,
  fullYear,
  offSessionOutcome,
  TEST_PAYMENT_METHODS,
  type CardInput,
  type CardLocale,
} from './cards';
import type { FormObject, FormValue } from './form-body';
import { event, invalidRequest, newId, noSuch, StripeApiError, type Json } from './objects';
import type { ObjectWrite } from './sandbox.repository';

/**
 * The card on file at the sandbox, as Stripe keeps it: setup intents (a card saved without a
 * charge, 3-D Secure when the card asks for it), payment methods attached to a customer (listed,
 * retrieved, detached) and charges of a saved card off session. Card numbers stay in the
 * objects' private part; what the API shows is Stripe's brand, last four and expiry.
 */

type Event = ReturnType<typeof event>;

/** An object as the sandbox stores it. */
export interface LoadedObject {
  data: Json;
  private: Json;
  version: number;
  dueAt: number | null;
}

/** A card that paid: typed in the card field (a new payment method) or one saved before (`paymentMethod`). */
export interface PaidCard {
  number: string;
  expMonth: number;
  expYear: number;
  holder: string | null;
  paymentMethod: string | null;
}

/** What this part needs of the sandbox: its clock, its objects, and how a payment intent ends. */
export interface SandboxCore {
  now(): Promise<number>;
  load(id: string, type: string): Promise<LoadedObject>;
  apply(writes: ObjectWrite[], events: Event[]): Promise<void>;
  succeed(id: string, pi: LoadedObject, card: PaidCard): Promise<Json>;
  fail(id: string, pi: LoadedObject, error: Json): Promise<never>;
}

const text = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

function put(
  id: string,
  type: string,
  data: Json,
  prev: LoadedObject | null,
  priv: Json | null = prev?.private ?? null,
): ObjectWrite {
  return {
    id,
    type,
    data: JSON.stringify(data),
    private: priv ? JSON.stringify(priv) : null,
    dueAt: prev?.dueAt ?? null,
    version: prev ? prev.version : null,
  };
}

/** The customer's attached payment methods, newest first, kept in one object of their own. */
const listIdOf = (customer: string) => `pml_${customer.replace(/^cus_/, '')}`;
const LIST = 'customer_payment_methods';

/** A card payment method as Stripe shows it (never its number), and its private part. */
export function cardMethod(
  card: { number: string; expMonth: number; expYear: number; holder: string | null },
  created: number,
  customer: string | null,
): { data: Json; private: Json } {
  const number = card.number.replace(/\D/g, '');
  const data = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: {
      brand: cardBrand(number),
      last4: number.slice(-4),
      exp_month: card.expMonth,
      exp_year: fullYear(card.expYear),
      funding: 'credit',
      country: 'US',
    },
    billing_details: { name: card.holder },
    customer,
    metadata: {},
    created,
    livemode: false,
  };
  return { data, private: { number } };
}

/** The card typed in the card field (payment_method_data[card]). */
export function typedCard(form: FormObject): CardInput & { holder: string | null } {
  const pmData = obj(form.payment_method_data);
  const card = obj(pmData.card);
  return {
    number: text(card.number) ?? '',
    expMonth: Number(text(card.exp_month)),
    expYear: Number(text(card.exp_year)),
    cvc: text(card.cvc) ?? '',
    holder: text(obj(pmData.billing_details).name) ?? null,
  };
}

/** The card error Stripe answers for a refused card, in the card field's language. */
function cardError(outcome: ReturnType<typeof cardOutcome>, lang: CardLocale): Json {
  if (outcome.kind === 'declined')
    return {
      type: 'card_error',
      code: outcome.code,
      decline_code: outcome.declineCode,
      message: outcome.message[lang],
    };
  if (outcome.kind === 'invalid')
    return { type: 'card_error', code: outcome.code, param: outcome.param, message: outcome.message[lang] };
  return { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
}

export class SandboxPaymentMethods {
  constructor(private readonly core: SandboxCore) {}

  private async seconds(): Promise<number> {
    return Math.floor((await this.core.now()) / 1000);
  }

  private async list(customer: string): Promise<{ ids: string[]; prev: LoadedObject | null }> {
    try {
      const prev = await this.core.load(listIdOf(customer), LIST);
      return { ids: (prev.data.ids as string[] | undefined) ?? [], prev };
    } catch (error) {
      if (error instanceof StripeApiError && error.status === 404) return { ids: [], prev: null };
      throw error;
    }
  }

  /** The write that lists `pmId` among the customer's payment methods (Stripe's attach). */
  async attachWrite(customer: string, pmId: string): Promise<ObjectWrite> {
    const { ids, prev } = await this.list(customer);
    return put(listIdOf(customer), LIST, { ids: [pmId, ...ids.filter((i) => i !== pmId)] }, prev, {});
  }

  // ---- Setup intents -------------------------------------------------------------------

  /** POST /v1/setup_intents: a card to save for later (usage off_session unless on_session is asked). */
  async createSetupIntent(form: FormObject): Promise<Json> {
    const customer = text(form.customer) ?? null;
    if (customer) await this.core.load(customer, 'customer');
    const usage = text(form.usage) ?? 'off_session';
    if (usage !== 'off_session' && usage !== 'on_session')
      throw invalidRequest('Invalid usage: must be one of on_session or off_session', 'usage');
    const id = newId('seti');
    const metadata = { ...obj(form.metadata) };
    const setup = {
      id,
      object: 'setup_intent',
      customer,
      status: 'requires_payment_method',
      usage,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      payment_method: null,
      payment_method_types: ['card'],
      last_setup_error: null,
      next_action: null,
      metadata,
      created: await this.seconds(),
      livemode: false,
    };
    await this.core.apply(
      [put(id, 'setup_intent', setup, null, {})],
      [event('setup_intent.created', setup, Number(setup.created))],
    );
    return setup;
  }

  /** A setup intent; with the publishable key only for whoever holds its client secret. */
  async retrieveSetupIntent(id: string, clientSecret: string | null): Promise<Json> {
    const setup = await this.core.load(id, 'setup_intent');
    if (clientSecret !== null && setup.data.client_secret !== clientSecret) throw noSuch('setup_intent', id);
    return setup.data;
  }

  /** POST /v1/setup_intents/{id}/confirm: the card is saved, refused with its card error, or waits for 3-D Secure. */
  async confirmSetupIntent(id: string, form: FormObject, viaClientSecret: boolean, lang: CardLocale): Promise<Json> {
    const setup = await this.core.load(id, 'setup_intent');
    if (viaClientSecret && text(form.client_secret) !== setup.data.client_secret) throw noSuch('setup_intent', id);
    if (setup.data.status === 'succeeded' || setup.data.status === 'canceled') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot confirm this SetupIntent because it has already succeeded or been canceled.`,
        setup_intent: setup.data,
      });
    }
    const card = typedCard(form);
    const outcome = cardOutcome(card, new Date(await this.core.now()));
    const pending = {
      number: card.number.replace(/\D/g, ''),
      expMonth: card.expMonth,
      expYear: card.expYear,
      holder: card.holder,
    };
    if (outcome.kind === 'succeeds') return this.setupSucceeded(id, setup, pending);
    if (outcome.kind === 'authenticates') {
      const url = `/payments-sandbox/3ds/${id}?client_secret=${encodeURIComponent(String(setup.data.client_secret))}`;
      const data = {
        ...setup.data,
        status: 'requires_action',
        last_setup_error: null,
        next_action: { type: 'redirect_to_url', redirect_to_url: { url, return_url: text(form.return_url) ?? null } },
      };
      await this.core.apply([put(id, 'setup_intent', data, setup, { ...setup.private, pending })], []);
      return data;
    }
    return this.setupFailed(id, setup, cardError(outcome, lang));
  }

  /** The challenge page's answer for a setup intent: the pending card is saved, or authentication fails. */
  async completeSetupChallenge(id: string, clientSecret: string, passed: boolean, lang: CardLocale): Promise<Json> {
    const setup = await this.core.load(id, 'setup_intent');
    const pending = setup.private.pending as
      { number: string; expMonth: number; expYear: number; holder: string | null } | undefined;
    if (setup.data.client_secret !== clientSecret || setup.data.status !== 'requires_action' || !pending)
      throw noSuch('setup_intent', id);
    if (passed) return this.setupSucceeded(id, setup, pending);
    return this.setupFailed(id, setup, {
      type: 'card_error',
      code: 'setup_intent_authentication_failure',
      message: AUTHENTICATION_FAILED[lang],
    });
  }

  private async setupFailed(id: string, setup: LoadedObject, error: Json): Promise<never> {
    const data = { ...setup.data, status: 'requires_payment_method', next_action: null, last_setup_error: error };
    const priv = { ...setup.private };
    delete priv.pending;
    await this.core.apply(
      [put(id, 'setup_intent', data, setup, priv)],
      [event('setup_intent.setup_failed', data, await this.seconds())],
    );
    throw new StripeApiError(402, { ...error, setup_intent: data });
  }

  /**
   * The card is saved: a payment method attached to the setup intent's customer. A trial's
   * pending setup intent makes it its subscription's default, and the customer's when it has none.
   */
  private async setupSucceeded(
    id: string,
    setup: LoadedObject,
    card: { number: string; expMonth: number; expYear: number; holder: string | null },
  ): Promise<Json> {
    const now = await this.seconds();
    const customer = typeof setup.data.customer === 'string' ? setup.data.customer : null;
    const pm = cardMethod(card, now, customer);
    const pmId = String(pm.data.id);
    const data = {
      ...setup.data,
      status: 'succeeded',
      payment_method: pmId,
      last_setup_error: null,
      next_action: null,
    };
    const priv = { ...setup.private };
    delete priv.pending;
    const writes: ObjectWrite[] = [
      put(pmId, 'payment_method', pm.data, null, pm.private),
      put(id, 'setup_intent', data, setup, priv),
    ];
    const events: Event[] = [event('setup_intent.succeeded', data, now)];
    if (customer) {
      writes.push(await this.attachWrite(customer, pmId));
      events.push(event('payment_method.attached', pm.data, now));
      const subId = typeof setup.private.subscription === 'string' ? setup.private.subscription : null;
      if (subId) {
        const sub = await this.core.load(subId, 'subscription');
        const updated = { ...sub.data, default_payment_method: pmId, pending_setup_intent: null };
        writes.push(put(subId, 'subscription', updated, sub));
        events.push(event('customer.subscription.updated', updated, now));
        const cust = await this.core.load(customer, 'customer');
        const settings = (cust.data.invoice_settings as Json | undefined) ?? {};
        if (!settings.default_payment_method)
          writes.push(
            put(
              customer,
              'customer',
              { ...cust.data, invoice_settings: { ...settings, default_payment_method: pmId } },
              cust,
              { ...cust.private, number: pm.private.number },
            ),
          );
      }
    }
    await this.core.apply(writes, events);
    return data;
  }

  // ---- Payment methods -------------------------------------------------------------------

  /** GET /v1/customers/{id}, expanding invoice_settings.default_payment_method when asked. */
  async retrieveCustomer(id: string, query: FormObject): Promise<Json> {
    const customer = (await this.core.load(id, 'customer')).data;
    const expand = query.expand;
    const wanted = (
      Array.isArray(expand) ? expand : typeof expand === 'string' ? [expand] : Object.values(obj(expand))
    ).filter((e): e is string => typeof e === 'string');
    const settings = (customer.invoice_settings as Json | undefined) ?? {};
    const pm = settings.default_payment_method;
    if (!wanted.includes('invoice_settings.default_payment_method') || typeof pm !== 'string' || !pm.startsWith('pm_'))
      return customer;
    return {
      ...customer,
      invoice_settings: { ...settings, default_payment_method: (await this.core.load(pm, 'payment_method')).data },
    };
  }

  /** GET /v1/payment_methods?customer=...&type=card: the customer's attached cards, newest first. */
  async listPaymentMethods(query: FormObject): Promise<Json> {
    const customer = text(query.customer);
    if (!customer) throw invalidRequest('The sandbox lists payment methods by customer: missing customer.', 'customer');
    const type = text(query.type) ?? 'card';
    await this.core.load(customer, 'customer');
    const limit = Math.min(100, Math.max(1, Number(text(query.limit) ?? 10) || 10));
    const { ids } = await this.list(customer);
    const data: Json[] = [];
    for (const id of ids) {
      const pm = await this.core.load(id, 'payment_method');
      if (pm.data.customer === customer && pm.data.type === type) data.push(pm.data);
    }
    return { object: 'list', url: '/v1/payment_methods', has_more: data.length > limit, data: data.slice(0, limit) };
  }

  async retrievePaymentMethod(id: string): Promise<Json> {
    return (await this.core.load(id, 'payment_method')).data;
  }

  /**
   * POST /v1/payment_methods/{id}/detach: no longer the customer's, and never charged again.
   * Were it the customer's default card, the customer has none after it (Stripe's rule).
   */
  async detachPaymentMethod(id: string): Promise<Json> {
    const pm = await this.core.load(id, 'payment_method');
    const customer = typeof pm.data.customer === 'string' ? pm.data.customer : null;
    if (!customer)
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    const now = await this.seconds();
    const data = { ...pm.data, customer: null };
    const { ids, prev } = await this.list(customer);
    const writes = [
      put(id, 'payment_method', data, pm, {}),
      put(listIdOf(customer), LIST, { ids: ids.filter((i) => i !== id) }, prev, {}),
    ];
    const cust = await this.core.load(customer, 'customer');
    const settings = (cust.data.invoice_settings as Json | undefined) ?? {};
    if (settings.default_payment_method === id) {
      const priv = { ...cust.private };
      delete priv.number;
      writes.push(
        put(
          customer,
          'customer',
          { ...cust.data, invoice_settings: { ...settings, default_payment_method: null } },
          cust,
          priv,
        ),
      );
    }
    await this.core.apply(writes, [event('payment_method.detached', data, now)]);
    return data;
  }

  // ---- Charges of a saved card -------------------------------------------------------------

  /** The number and expiry behind a payment method the customer may be charged with; refused as Stripe does otherwise. */
  async chargeableCard(pmId: string, customer: string | null): Promise<PaidCard> {
    const test = TEST_PAYMENT_METHODS[pmId];
    if (test) return { number: test, expMonth: 12, expYear: 2099, holder: null, paymentMethod: pmId };
    const pm = await this.core.load(pmId, 'payment_method');
    const number = typeof pm.private.number === 'string' ? pm.private.number : '';
    if (!number || pm.data.customer === null)
      throw invalidRequest(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.',
        'payment_method',
      );
    if (pm.data.customer !== customer)
      throw invalidRequest(`The provided PaymentMethod belongs to a different customer.`, 'payment_method');
    const card = pm.data.card as { exp_month: number; exp_year: number };
    return {
      number,
      expMonth: Number(card.exp_month),
      expYear: Number(card.exp_year),
      holder: null,
      paymentMethod: pmId,
    };
  }

  /**
   * A payment intent confirmed with a saved card (payment_method + confirm=true): charged at
   * once. Off session nobody can authenticate: a card that asks for 3-D Secure each time is
   * declined with authentication_required, one set up with it before is charged.
   */
  async confirmWithSavedCard(piId: string, pmId: string, offSession: boolean, lang: CardLocale): Promise<Json> {
    const pi = await this.core.load(piId, 'payment_intent');
    const card = await this.chargeableCard(pmId, typeof pi.data.customer === 'string' ? pi.data.customer : null);
    const now = new Date(await this.core.now());
    const outcome = offSession ? offSessionOutcome(card, now) : cardOutcome({ ...card, cvc: '123' }, now);
    if (outcome.kind === 'succeeds') return this.core.succeed(piId, pi, card);
    if (outcome.kind === 'authenticates') {
      const url = `/payments-sandbox/3ds/${piId}?client_secret=${encodeURIComponent(String(pi.data.client_secret))}`;
      const data = {
        ...pi.data,
        status: 'requires_action',
        payment_method: pmId,
        last_payment_error: null,
        next_action: { type: 'redirect_to_url', redirect_to_url: { url, return_url: null } },
      };
      await this.core.apply(
        [put(piId, 'payment_intent', data, pi, { pendingNumber: card.number, pendingCard: card })],
        [],
      );
      return data;
    }
    return this.core.fail(piId, pi, { ...cardError(outcome, lang), payment_method: { id: pmId } });
  }
}
