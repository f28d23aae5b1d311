import { randomBytes } from 'node:crypto';

/** Stripe-shaped JSON objects of the sandbox, and the pure rules that build them. */
export type Json = Record<string, unknown>;

/** Random bytes drawn a pool at a time: a renewal run makes several ids per subscription, and each draw is a system call. */
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolAt = 0;
export function randomHex(bytes: number): string {
  if (poolAt + bytes > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolAt = 0;
  }
  poolAt += bytes;
  return pool.toString('hex', poolAt - bytes, poolAt);
}

/** A new object id with Stripe's prefix ('pi', 'cus', 'sub', ...). */
export function newId(prefix: string): string {
  return `${prefix}_${randomHex(12)}`;
}

/** JSON of an object, made once: an object written and sent in an event is not serialised twice (objects are never changed once made). */
const serialised = new WeakMap<object, string>();
export function jsonOf(object: Json): string {
  let text = serialised.get(object);
  if (text === undefined) {
    text = JSON.stringify(object);
    serialised.set(object, text);
  }
  return text;
}

/** One billing interval after `startSeconds` (month or year), on the same day where the month has it. */
export function addInterval(startSeconds: number, interval: 'month' | 'year'): number {
  const date = new Date(startSeconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

/** A Stripe API error answer. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message ?? 'error'));
    this.name = 'StripeApiError';
  }
}

export const invalidRequest = (message: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
export const noSuch = (type: string, id: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${type}: '${id}'`,
    param: 'id',
  });

export interface PaymentIntentInput {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Json;
  invoice: string | null;
  created: number;
}

export function paymentIntent(input: PaymentIntentInput): Json {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: input.amount,
    amount_received: 0,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    metadata: input.metadata,
    invoice: input.invoice,
    client_secret: `${id}_secret_${randomHex(12)}`,
    status: 'requires_payment_method',
    payment_method: null,
    payment_method_types: ['card'],
    last_payment_error: null,
    next_action: null,
    latest_charge: null,
    created: input.created,
    livemode: false,
  };
}

export interface InvoiceInput {
  customer: string;
  subscription: string;
  amount: number;
  currency: string;
  periodStart: number;
  periodEnd: number;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  /** Null for an invoice of nothing to pay (a trial's first): Stripe makes no payment for it. */
  paymentIntent: Json | null;
  metadata: Json;
  created: number;
  /** Its lines when not one line of `amount` (a proration's credit and charge). */
  lines?: Json[];
}

/** One line of an invoice (Stripe's line_item). */
export function invoiceLine(
  amount: number,
  currency: string,
  start: number,
  end: number,
  description: string | null = null,
  proration = false,
): Json {
  return { id: newId('il'), object: 'line_item', amount, currency, description, proration, period: { start, end } };
}

export function invoice(input: InvoiceInput, id = newId('in')): Json {
  const pi = input.paymentIntent;
  return {
    id,
    object: 'invoice',
    customer: input.customer,
    amount_due: input.amount,
    amount_paid: 0,
    amount_remaining: input.amount,
    total: input.amount,
    currency: input.currency,
    status: 'open',
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    attempt_count: 0,
    attempted: false,
    next_payment_attempt: null,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: input.subscription, metadata: input.metadata },
    },
    lines: {
      object: 'list',
      data: input.lines ?? [invoiceLine(input.amount, input.currency, input.periodStart, input.periodEnd)],
    },
    period_start: input.periodStart,
    period_end: input.periodEnd,
    confirmation_secret: pi ? { client_secret: pi.client_secret, type: 'payment_intent' } : null,
    payments: {
      object: 'list',
      data: pi
        ? [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: pi.id }, status: 'open' }]
        : [],
    },
    status_transitions: { finalized_at: input.created, paid_at: null },
    created: input.created,
    livemode: false,
  };
}

/** The invoice once its payment intent succeeded. */
export function paidInvoice(inv: Json, paidAt: number): Json {
  const payments = inv.payments as { data: Json[] };
  return {
    ...inv,
    status: 'paid',
    amount_paid: inv.amount_due,
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { ...(inv.status_transitions as Json | undefined), paid_at: paidAt },
    payments: { ...payments, data: payments.data.map((p) => ({ ...p, status: 'paid' })) },
  };
}

/** The subscription's one item's period (Stripe keeps periods on items). */
export function subscriptionPeriod(sub: Json): { start: number; end: number } {
  const item = (sub.items as { data: Json[] }).data[0] ?? {};
  return { start: Number(item.current_period_start), end: Number(item.current_period_end) };
}

export function withPeriod(sub: Json, start: number, end: number): Json {
  const items = sub.items as { data: Json[] };
  return {
    ...sub,
    items: { ...items, data: items.data.map((i) => ({ ...i, current_period_start: start, current_period_end: end })) },
  };
}

export function event(type: string, object: Json, created: number): { id: string; type: string; payload: string } {
  const id = newId('evt');
  const head = {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
  };
  const payload = `${JSON.stringify(head).slice(0, -1)},"data":{"object":${jsonOf(object)}}}`;
  return { id, type, payload };
}
