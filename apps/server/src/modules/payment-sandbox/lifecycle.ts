import { cardOutcome, laterChargesFail } from './cards';
import { discountedAmount } from './coupons';
import {
  addInterval,
  event,
  invoice,
  newId,
  paidInvoice,
  paymentIntent,
  subscriptionPeriod,
  withPeriod,
  type Json,
} from './objects';

/**
 * A subscription's life at the sandbox as Stripe Billing lives it: renewals, failed renewals
 * (past_due, retried on a schedule, then cancelled), trials (trial_will_end three days before
 * their end, then the first charge) and prorations. Pure: the service loads and writes.
 */

export type SandboxEvent = ReturnType<typeof event>;
export const DAY_S = 86_400;
/** Stripe's customer.subscription.trial_will_end goes out three days before a trial ends. */
export const TRIAL_NOTICE_S = 3 * DAY_S;
/** Retries after a failed renewal, in days after it (Stripe's recommended: 4 tries within 7 days). */
export const DEFAULT_RETRY_DAYS: readonly number[] = [1, 3, 5, 7];

/** A stored object as a step sees it. */
export interface Stored {
  id: string;
  data: Json;
  private: Json;
  version: number;
  dueAt: number | null;
}

/** The card a charge uses: its number (never shown) and the payment method's id, when there is one. */
export interface Card {
  number: string;
  paymentMethod: string | null;
}

/** What a step changes: the subscription (compare-and-set), other objects, events. */
export interface Step {
  subscription: { data: Json; private: Json; dueAt: number | null };
  /** New objects (previous null) or changed ones (previous the one read). */
  objects: Array<{ id: string; type: string; data: Json; previous: Stored | null; ownerId?: string }>;
  events: SandboxEvent[];
}

/** The decline of an off-session charge of `card` at `at` (epoch s), or null when it pays. */
export function declineOf(card: Card | null, at: number): Json | null {
  if (!card)
    return {
      type: 'invalid_request_error',
      code: 'invoice_no_payment_method',
      message:
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
    };
  const outcome = cardOutcome({ number: card.number, expMonth: 12, expYear: 9999, cvc: '123' }, new Date(at * 1000));
  if (outcome.kind === 'succeeds' && !laterChargesFail(card.number)) return null;
  if (outcome.kind === 'declined')
    return { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode, message: outcome.message.en };
  // A card that needs authentication cannot be charged with nobody there to authenticate.
  if (outcome.kind === 'authenticates')
    return {
      type: 'card_error',
      code: 'authentication_required',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    };
  return {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  };
}

/** Stripe's proration of a price change at `at` within [start, end): the old price's unused time credited, the new one's remaining time charged, to the second. */
export function prorate(
  oldAmount: number,
  newAmount: number,
  start: number,
  end: number,
  at: number,
): { credit: number; charge: number } {
  const fraction = Math.min(1, Math.max(0, (end - at) / Math.max(1, end - start)));
  return { credit: -Math.round(oldAmount * fraction), charge: Math.round(newAmount * fraction) };
}

export function priceOf(sub: Json): Json {
  return ((sub.items as { data: Json[] }).data[0]?.price ?? {}) as Json;
}

const intervalOf = (price: Json): 'month' | 'year' =>
  (price.recurring as Json | undefined)?.interval === 'year' ? 'year' : 'month';

/** The subscription's invoice's subscription id (Stripe's invoice.parent.subscription_details.subscription). */
export function subscriptionOfInvoice(inv: Json): string | null {
  const details = (inv.parent as { subscription_details?: { subscription?: unknown } } | null)?.subscription_details;
  return typeof details?.subscription === 'string' ? details.subscription : null;
}

/** The outcome of charging an open invoice now: paid, or still open with its attempt counted. */
export interface Charged {
  paid: boolean;
  invoice: Json;
  intent: Json | null;
  error: Json | null;
  events: SandboxEvent[];
}

/** Charges an open invoice (and its payment intent, which Stripe reuses for each attempt) with `card` at `at`. */
export function chargeInvoice(inv: Json, intent: Json | null, card: Card | null, at: number): Charged {
  const attempts = Number(inv.attempt_count ?? 0) + 1;
  const amount = Number(inv.amount_due);
  const error = amount > 0 ? declineOf(card, at) : null;
  if (error === null) {
    const paidIntent = intent && {
      ...intent,
      status: 'succeeded',
      amount_received: amount,
      payment_method: card?.paymentMethod ?? null,
      last_payment_error: null,
      next_action: null,
      latest_charge: newId('ch'),
    };
    const paid = { ...paidInvoice(inv, at), attempt_count: attempts, attempted: true };
    return {
      paid: true,
      invoice: paid,
      intent: paidIntent,
      error: null,
      events: [
        ...(paidIntent ? [event('payment_intent.succeeded', paidIntent, at)] : []),
        event('invoice.paid', paid, at),
      ],
    };
  }
  const failedIntent = intent && {
    ...intent,
    status: 'requires_payment_method',
    payment_method: null,
    last_payment_error: { ...error, ...(card?.paymentMethod ? { payment_method: { id: card.paymentMethod } } : {}) },
  };
  const open = { ...inv, attempt_count: attempts, attempted: true };
  return {
    paid: false,
    invoice: open,
    intent: failedIntent,
    error,
    events: failedIntent ? [event('payment_intent.payment_failed', failedIntent, at)] : [],
  };
}

/** When the next automatic retry of an invoice that failed first at `since` and `attempts` times in all falls: epoch s, or null after the last. */
export function nextAttempt(since: number, attempts: number, retryDays: readonly number[]): number | null {
  const days = retryDays[attempts - 1];
  return days === undefined ? null : since + days * DAY_S;
}

/** A subscription ended at `at`: cancelled (by request, at period end) or after its last failed retry. */
export function ended(sub: Json, at: number, reason: 'cancellation_requested' | 'payment_failed'): Json {
  return {
    ...sub,
    status: 'canceled',
    ended_at: at,
    canceled_at: sub.canceled_at ?? at,
    cancellation_details: { reason, comment: null, feedback: null },
  };
}

/**
 * The step a subscription due at `at` (epoch s) takes: trial_will_end three days before a trial's
 * end; at its period's end (a trial's end too) the end it asked for or its renewal charge; when
 * past_due, the next retry of its open invoice.
 */
export function dueStep(
  sub: Stored,
  card: Card | null,
  open: { invoice: Stored; intent: Stored | null } | null,
  at: number,
  retryDays: readonly number[],
): Step {
  const data = sub.data;
  const { end } = subscriptionPeriod(data);
  const status = String(data.status);
  if (status === 'trialing' && sub.private.trialNoticeSent !== true && at < end) {
    const priv = { ...sub.private, trialNoticeSent: true };
    return {
      subscription: { data, private: priv, dueAt: end * 1000 },
      objects: [],
      events: [event('customer.subscription.trial_will_end', data, at)],
    };
  }
  if (status === 'past_due' && open && open.invoice.data.status === 'open')
    return retryStep(sub, card, open, at, retryDays);
  if ((status !== 'active' && status !== 'trialing' && status !== 'past_due') || at < end)
    return {
      subscription: { data, private: sub.private, dueAt: status === 'canceled' ? null : end * 1000 },
      objects: [],
      events: [],
    };
  if (data.cancel_at_period_end === true) {
    const gone = ended(data, end, 'cancellation_requested');
    return {
      subscription: { data: gone, private: sub.private, dueAt: null },
      objects: [],
      events: [event('customer.subscription.deleted', gone, end)],
    };
  }
  return renewalStep(sub, card, end, retryDays);
}

function renewalStep(sub: Stored, card: Card | null, end: number, retryDays: readonly number[]): Step {
  const price = priceOf(sub.data);
  const next = addInterval(end, intervalOf(price));
  // A subscription's discount lowers its renewals while it lasts (coupons.ts).
  const amount = discountedAmount(sub.private, Number(price.unit_amount), end);
  const currency = String(price.currency);
  const customer = String(sub.data.customer);
  const invoiceId = newId('in');
  const intent = paymentIntent({
    amount,
    currency,
    customer,
    description: 'Subscription update',
    metadata: {},
    invoice: invoiceId,
    created: end,
  });
  const inv = invoice(
    {
      customer,
      subscription: sub.id,
      amount,
      currency,
      periodStart: end,
      periodEnd: next,
      billingReason: 'subscription_cycle',
      paymentIntent: intent,
      metadata: (sub.data.metadata as Json) ?? {},
      created: end,
    },
    invoiceId,
  );
  const charged = chargeInvoice(inv, intent, card, end);
  const period = { ...withPeriod(sub.data, end, next), latest_invoice: invoiceId };
  const objects = [
    { id: String(intent.id), type: 'payment_intent', data: charged.intent ?? intent, previous: null },
    { id: invoiceId, type: 'invoice', data: charged.invoice, previous: null, ownerId: sub.id },
  ];
  if (charged.paid) {
    const renewed = { ...period, status: 'active' };
    // A renewal of an active subscription says invoice.paid; a trial's conversion says its new status too.
    const updated = sub.data.status === 'active' ? [] : [event('customer.subscription.updated', renewed, end)];
    return {
      subscription: { data: renewed, private: sub.private, dueAt: next * 1000 },
      objects,
      events: [...charged.events, ...updated],
    };
  }
  // Stripe moves the period on and leaves the invoice open: paid later, it covers this same period.
  const retryAt = nextAttempt(end, 1, retryDays);
  const failedInvoice = { ...charged.invoice, next_payment_attempt: retryAt };
  objects[1] = { ...objects[1]!, data: failedInvoice };
  const events = [...charged.events, event('invoice.payment_failed', failedInvoice, end)];
  if (retryAt === null) {
    const gone = ended(period, end, 'payment_failed');
    return {
      subscription: { data: gone, private: sub.private, dueAt: null },
      objects,
      events: [...events, event('customer.subscription.deleted', gone, end)],
    };
  }
  const pastDue = { ...period, status: 'past_due' };
  return {
    subscription: { data: pastDue, private: { ...sub.private, failingSince: end }, dueAt: retryAt * 1000 },
    objects,
    events: [...events, event('customer.subscription.updated', pastDue, end)],
  };
}

function retryStep(
  sub: Stored,
  card: Card | null,
  open: { invoice: Stored; intent: Stored | null },
  at: number,
  retryDays: readonly number[],
): Step {
  const charged = chargeInvoice(open.invoice.data, open.intent?.data ?? null, card, at);
  const since = Number(sub.private.failingSince ?? open.invoice.data.created);
  const settled = settle(sub, open, charged, at, since, retryDays);
  return settled;
}

/**
 * What a charge of a subscription's open invoice (a retry, or POST /v1/invoices/{id}/pay) does
 * to it: paid, the subscription is active again for the period that invoice covers (no gap);
 * failed, the next retry is scheduled, or after the last one the subscription is cancelled.
 * `manual`: a payment asked for through the API, which moves no retry schedule.
 */
export function settle(
  sub: Stored,
  open: { invoice: Stored; intent: Stored | null },
  charged: Charged,
  at: number,
  since: number,
  retryDays: readonly number[],
  manual = false,
): Step {
  const objects: Step['objects'] = [];
  if (open.intent && charged.intent)
    objects.push({ id: open.intent.id, type: 'payment_intent', data: charged.intent, previous: open.intent });
  const { end } = subscriptionPeriod(sub.data);
  const status = String(sub.data.status);
  if (charged.paid) {
    objects.push({ id: open.invoice.id, type: 'invoice', data: charged.invoice, previous: open.invoice });
    const revives = status === 'past_due' || status === 'incomplete' || status === 'unpaid';
    const active = revives ? { ...sub.data, status: 'active' } : sub.data;
    const priv = { ...sub.private };
    delete priv.failingSince;
    const dueAt = status === 'canceled' ? null : end * 1000;
    return {
      subscription: { data: active, private: priv, dueAt },
      objects,
      events: [...charged.events, ...(revives ? [event('customer.subscription.updated', active, at)] : [])],
    };
  }
  if (manual) {
    const inv = charged.invoice;
    objects.push({ id: open.invoice.id, type: 'invoice', data: inv, previous: open.invoice });
    return {
      subscription: { data: sub.data, private: sub.private, dueAt: sub.dueAt },
      objects,
      events: [...charged.events, event('invoice.payment_failed', inv, at)],
    };
  }
  const retryAt = nextAttempt(since, Number(charged.invoice.attempt_count), retryDays);
  const inv = { ...charged.invoice, next_payment_attempt: retryAt };
  objects.push({ id: open.invoice.id, type: 'invoice', data: inv, previous: open.invoice });
  const events = [...charged.events, event('invoice.payment_failed', inv, at)];
  if (retryAt === null) {
    const gone = ended(sub.data, at, 'payment_failed');
    return {
      subscription: { data: gone, private: sub.private, dueAt: null },
      objects,
      events: [...events, event('customer.subscription.deleted', gone, at)],
    };
  }
  return { subscription: { data: sub.data, private: sub.private, dueAt: retryAt * 1000 }, objects, events };
}
