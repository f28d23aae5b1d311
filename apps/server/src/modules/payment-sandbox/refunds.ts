import type { FormObject, FormValue } from './form-body';
import { event, invalidRequest, newId, noSuch, StripeApiError, type Json } from './objects';
import { ObjectChangedError, type ObjectWrite, type SandboxRepository } from './sandbox.repository';

/** What refunds need of the sandbox: its clock and its objects. */
export interface RefundSandbox {
  now(): Promise<number>;
  load(id: string, type: string): Promise<{ data: Json; private: Json; version: number; dueAt: number | null }>;
}

const text = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

/** Stripe's way of writing an amount in its refusals: '$9.99' style, in the charge's currency. */
const amountText = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** A succeeded payment intent's charge as Stripe shows it, with the refunds list it keeps. */
function chargeOf(pi: Json): Json {
  return {
    id: pi.latest_charge,
    object: 'charge',
    amount: pi.amount,
    amount_captured: pi.amount,
    amount_refunded: 0,
    captured: true,
    currency: pi.currency,
    customer: pi.customer ?? null,
    paid: true,
    payment_intent: pi.id,
    payment_method: pi.payment_method ?? null,
    refunded: false,
    status: 'succeeded',
    created: pi.created,
    livemode: false,
    refunds: {
      object: 'list',
      data: [],
      has_more: false,
      total_count: 0,
      url: `/v1/charges/${String(pi.latest_charge)}/refunds`,
    },
  };
}

/**
 * Refunds at the sandbox, as Stripe makes them (POST /v1/refunds with a payment intent and an
 * optional amount for a partial refund; GET /v1/refunds?payment_intent=): each refund updates
 * the charge's amount_refunded and refunded, and queues refund.created and charge.refunded.
 * More than what is left of the charge is refused, as Stripe refuses it.
 */
export class SandboxRefunds {
  constructor(
    private readonly repo: SandboxRepository,
    private readonly sandbox: RefundSandbox,
    /** The server's clock (events are queued by it), not the sandbox's test clock. */
    private readonly serverNow: () => number,
  ) {}

  async create(form: FormObject): Promise<Json> {
    const piId = text(form.payment_intent);
    if (!piId) throw invalidRequest('Missing required param: payment_intent.', 'payment_intent');
    const amountParam = text(form.amount);
    if (amountParam !== undefined && (!/^\d+$/.test(amountParam) || Number(amountParam) <= 0))
      throw invalidRequest('Invalid positive integer: amount', 'amount');
    // Two refunds at once: the loser of the charge's compare-and-set reads it again.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.createOnce(piId, amountParam === undefined ? null : Number(amountParam), {
          ...obj(form.metadata),
        });
      } catch (error) {
        if (!(error instanceof ObjectChangedError) || attempt >= 4) throw error;
      }
    }
  }

  private async createOnce(piId: string, amount: number | null, metadata: Json): Promise<Json> {
    const pi = (await this.sandbox.load(piId, 'payment_intent')).data;
    if (pi.status !== 'succeeded' || typeof pi.latest_charge !== 'string') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
        param: 'payment_intent',
      });
    }
    const chargeId = pi.latest_charge;
    const stored = await this.repo.find(chargeId);
    const previous = stored
      ? { data: JSON.parse(stored.data) as Json, version: stored.version, private: stored.private, dueAt: stored.dueAt }
      : null;
    const charge = previous ? { ...chargeOf(pi), ...previous.data } : chargeOf(pi);
    const refunded = Number(charge.amount_refunded ?? 0);
    const left = Number(charge.amount) - refunded;
    if (left <= 0)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${chargeId} has already been refunded.`,
        charge: chargeId,
      });
    if (amount !== null && amount > left) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `Refund amount (${amountText(amount, String(charge.currency))}) is greater than unrefunded amount on charge (${amountText(left, String(charge.currency))})`,
        param: 'amount',
      });
    }
    const now = Math.floor((await this.sandbox.now()) / 1000);
    const value = amount ?? left;
    const refund: Json = {
      id: newId('re'),
      object: 'refund',
      amount: value,
      balance_transaction: null,
      charge: chargeId,
      created: now,
      currency: charge.currency,
      metadata,
      payment_intent: piId,
      reason: null,
      receipt_number: null,
      status: 'succeeded',
    };
    const list = (charge.refunds ?? { object: 'list', data: [] }) as { data?: Json[] };
    const refunds = [refund, ...(list.data ?? [])];
    const total = refunded + value;
    const updated: Json = {
      ...charge,
      amount_refunded: total,
      refunded: total >= Number(charge.amount),
      refunds: { ...list, object: 'list', data: refunds, has_more: false, total_count: refunds.length },
    };
    const writes: ObjectWrite[] = [
      {
        id: chargeId,
        type: 'charge',
        data: JSON.stringify(updated),
        private: previous?.private ?? null,
        dueAt: null,
        version: previous ? previous.version : null,
      },
      {
        id: String(refund.id),
        type: 'refund',
        data: JSON.stringify(refund),
        private: null,
        dueAt: null,
        version: null,
      },
    ];
    try {
      await this.repo.apply(
        writes,
        [event('refund.created', refund, now), event('charge.refunded', updated, now)],
        this.serverNow(),
      );
    } catch (error) {
      // Another refund made the charge first (its insert lost): read it again.
      if (!previous && !(error instanceof ObjectChangedError) && (await this.repo.find(chargeId)))
        throw new ObjectChangedError(chargeId);
      throw error;
    }
    return refund;
  }

  /** GET /v1/refunds?payment_intent=: newest first, as Stripe lists them. */
  async list(query: FormObject): Promise<Json> {
    const piId = text(query.payment_intent);
    if (!piId) throw invalidRequest('Missing required param: payment_intent.', 'payment_intent');
    const pi = (await this.sandbox.load(piId, 'payment_intent')).data;
    const stored = typeof pi.latest_charge === 'string' ? await this.repo.find(pi.latest_charge) : undefined;
    const data = stored
      ? (((JSON.parse(stored.data) as Json).refunds as { data?: Json[] } | undefined)?.data ?? [])
      : [];
    return { object: 'list', data, has_more: false, url: '/v1/refunds' };
  }

  async retrieve(id: string): Promise<Json> {
    const stored = await this.repo.find(id);
    if (!stored || stored.type !== 'refund') throw noSuch('refund', id);
    return JSON.parse(stored.data) as Json;
  }
}
