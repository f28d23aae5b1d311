import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { openPostgres, type Db } from '../src/platform/database';
import { PaymentSandbox, SandboxRepository } from '../src/modules/payment-sandbox/testing';
import { SANDBOX_CLOCK_ID } from '../src/modules/payment-sandbox';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { payWithCard } from './payments';

const kinds = await databaseKinds();
const DAY = 86_400;

interface EventRow {
  type: string;
  created: number;
  object: Record<string, unknown>;
}

/**
 * The sandbox's subscription lifecycle as Stripe Billing has it, through the official client:
 * failed renewals (past_due, retries, recovery without a gap, the end), paying an invoice,
 * trials, price changes with proration, cancellation, and two renewers charging nothing twice.
 */
describe.each(kinds)("the payment sandbox's subscription lifecycle on %s", (kind) => {
  let ctx: TestContext;
  let stripe: Stripe;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind, {}, { demo: false });
    // Listening without the background work: only the test moves the sandbox clock and renews.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    base = `http://127.0.0.1:${port}`;
    stripe = new Stripe(ctx.config.payments.secretKey, {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  }, 60_000);
  afterAll(async () => ctx?.close());

  /** The sandbox clock now (epoch s): advancing it moves the server's clock too. */
  const nowS = () => Math.floor(ctx.clock.now() / 1000);
  const advanceTo = async (seconds: number) => {
    ctx.clock.set(seconds * 1000);
    await stripe.testHelpers.testClocks.advance(SANDBOX_CLOCK_ID, { frozen_time: seconds });
  };
  const eventsOf = async (id: string, type?: string): Promise<EventRow[]> => {
    const rows = await ctx.sql.selectFrom('sandboxEvents').select(['payload']).orderBy('createdAt').execute();
    return rows
      .map((r) => JSON.parse(r.payload) as { type: string; created: number; data: { object: Record<string, unknown> } })
      .map((e) => ({ type: e.type, created: e.created, object: e.data.object }))
      .filter(
        (e) => (type === undefined || e.type === type) && (e.object.id === id || subscriptionOf(e.object) === id),
      );
  };
  /** The payment_intent.succeeded events of a subscription's invoices: its charges. */
  const chargesOf = async (id: string) => {
    const invoices = new Set((await stripe.invoices.list({ subscription: id, limit: 100 })).data.map((i) => i.id));
    const rows = await ctx.sql
      .selectFrom('sandboxEvents')
      .select(['payload'])
      .where('type', '=', 'payment_intent.succeeded')
      .execute();
    return rows
      .map((r) => (JSON.parse(r.payload) as { data: { object: { invoice: string | null } } }).data.object)
      .filter((pi) => pi.invoice !== null && invoices.has(pi.invoice));
  };
  const subscriptionOf = (inv: Record<string, unknown>) =>
    (inv.parent as { subscription_details?: { subscription?: string } } | undefined)?.subscription_details
      ?.subscription;
  const periodOf = (sub: Stripe.Subscription) => ({
    start: sub.items.data[0]?.current_period_start ?? 0,
    end: sub.items.data[0]?.current_period_end ?? 0,
  });
  const priceData = (amount: number) => ({
    currency: 'eur',
    product: 'prod_lifecycle',
    unit_amount: amount,
    recurring: { interval: 'month' as const },
  });

  /** A customer with a paid monthly subscription of `amount` (paid with 4242 through the card field). */
  async function subscribed(amount = 999): Promise<{ customer: string; sub: Stripe.Subscription }> {
    const customer = await stripe.customers.create({ email: 'ana@example.com' });
    const created = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: priceData(amount) }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    const secret = (created.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret ?? '';
    expect((await payWithCard(base, ctx.config.payments.publishableKey, secret, '4242424242424242')).body.status).toBe(
      'succeeded',
    );
    const sub = await stripe.subscriptions.retrieve(created.id);
    expect(sub.status).toBe('active');
    return { customer: customer.id, sub };
  }
  const setDefault = (customer: string, pm: string) =>
    stripe.customers.update(customer, { invoice_settings: { default_payment_method: pm } });
  const latestInvoice = async (id: string) =>
    stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(id)).latest_invoice));

  it('a failed renewal goes past_due with its invoice open, is retried on schedule, recovers with a new default card without a gap, or ends after the last retry', async () => {
    const recovering = await subscribed();
    const lost = await subscribed();
    await setDefault(recovering.customer, 'pm_card_visa_chargeDeclined');
    await setDefault(lost.customer, 'pm_card_chargeCustomerFail');
    const end = periodOf(recovering.sub).end;
    const lostEnd = periodOf(lost.sub).end;
    await advanceTo(Math.max(end, lostEnd) + 60);

    const pastDue = await stripe.subscriptions.retrieve(recovering.sub.id);
    expect(pastDue.status).toBe('past_due');
    // Stripe moves the period on and leaves the invoice open for it.
    expect(periodOf(pastDue).start).toBe(end);
    const open = await latestInvoice(recovering.sub.id);
    expect(open).toMatchObject({
      status: 'open',
      attempt_count: 1,
      billing_reason: 'subscription_cycle',
      amount_due: 999,
      next_payment_attempt: end + DAY,
    });
    expect(open.lines.data[0]?.period).toEqual({ start: end, end: periodOf(pastDue).end });
    const failed = await eventsOf(recovering.sub.id, 'invoice.payment_failed');
    expect(failed.map((e) => e.object.next_payment_attempt)).toEqual([end + DAY]);
    expect((await eventsOf(recovering.sub.id, 'customer.subscription.updated')).at(-1)?.object.status).toBe('past_due');
    expect(
      (await stripe.invoices.list({ subscription: recovering.sub.id, status: 'open' })).data.map((i) => i.id),
    ).toEqual([open.id]);

    // The first retry, a day later, fails too: the next is at +3 days.
    await advanceTo(end + DAY + 60);
    expect(await latestInvoice(recovering.sub.id)).toMatchObject({
      status: 'open',
      attempt_count: 2,
      next_payment_attempt: end + 3 * DAY,
    });
    // A good card as the default: the next retry pays the same invoice; the period is the one it covers.
    await setDefault(recovering.customer, 'pm_card_visa');
    await advanceTo(end + 3 * DAY + 60);
    const recovered = await stripe.subscriptions.retrieve(recovering.sub.id);
    expect(recovered.status).toBe('active');
    expect(periodOf(recovered)).toEqual(periodOf(pastDue));
    expect(await stripe.invoices.retrieve(open.id)).toMatchObject({
      status: 'paid',
      attempt_count: 3,
      amount_paid: 999,
      next_payment_attempt: null,
    });
    expect((await eventsOf(recovering.sub.id, 'invoice.paid')).at(-1)?.object.id).toBe(open.id);
    expect((await eventsOf(recovering.sub.id, 'customer.subscription.updated')).at(-1)?.object.status).toBe('active');

    // The other's card keeps failing: +1, +3, +5, +7 days, then it is cancelled.
    await advanceTo(lostEnd + 7 * DAY + 60);
    const gone = await stripe.subscriptions.retrieve(lost.sub.id);
    expect(gone).toMatchObject({ status: 'canceled', ended_at: lostEnd + 7 * DAY });
    const lastInvoice = await latestInvoice(lost.sub.id);
    expect(lastInvoice).toMatchObject({ status: 'open', attempt_count: 5, next_payment_attempt: null });
    expect((await eventsOf(lost.sub.id, 'invoice.payment_failed')).map((e) => e.object.next_payment_attempt)).toEqual([
      lostEnd + DAY,
      lostEnd + 3 * DAY,
      lostEnd + 5 * DAY,
      lostEnd + 7 * DAY,
      null,
    ]);
    expect(await eventsOf(lost.sub.id, 'customer.subscription.deleted')).toHaveLength(1);
    // Nothing more is tried once it ended.
    await advanceTo(lostEnd + 40 * DAY);
    expect((await stripe.invoices.retrieve(lastInvoice.id)).attempt_count).toBe(5);
    await setDefault(recovering.customer, 'pm_card_visa');
  });

  it('pays an open invoice on request: a declined card is refused and changes no schedule, a good one restores the subscription; a paid invoice is refused', async () => {
    const { customer, sub } = await subscribed();
    await setDefault(customer, 'pm_card_visa_chargeDeclinedInsufficientFunds');
    const end = periodOf(sub).end;
    await advanceTo(end + 60);
    const open = await latestInvoice(sub.id);
    expect(open.status).toBe('open');
    const refused = await stripe.invoices
      .pay(open.id, { payment_method: 'pm_card_visa_chargeDeclined' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(refused).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    expect(await stripe.invoices.retrieve(open.id)).toMatchObject({
      status: 'open',
      attempt_count: 2,
      next_payment_attempt: end + DAY,
    });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    // Paid with a card given now (the default stays declined).
    const paid = await stripe.invoices.pay(open.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 999 });
    const pi = String(paid.payments?.data[0]?.payment.payment_intent);
    expect(await stripe.paymentIntents.retrieve(pi)).toMatchObject({ status: 'succeeded', amount_received: 999 });
    const active = await stripe.subscriptions.retrieve(sub.id);
    expect(active.status).toBe('active');
    expect(periodOf(active).start).toBe(end);
    const again = await stripe.invoices.pay(open.id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    // No retry is left pending: a day on, the invoice is as it was.
    await advanceTo(end + DAY + 60);
    expect((await stripe.invoices.retrieve(open.id)).attempt_count).toBe(3);
    expect((await stripe.invoices.list({ subscription: sub.id })).data.map((i) => i.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_create',
    ]);
    const missing = await stripe.invoices.retrieve('in_missing').catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404 });
  });

  it('starts a trial without charging, tells trial_will_end once three days before its end, then charges the full price', async () => {
    const customer = await stripe.customers.create({});
    const start = nowS();
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: priceData(799) }],
      trial_period_days: 14,
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
    });
    expect(sub).toMatchObject({ status: 'trialing', trial_start: start, trial_end: start + 14 * DAY });
    expect(periodOf(sub)).toEqual({ start, end: start + 14 * DAY });
    expect(sub.latest_invoice).toMatchObject({
      amount_due: 0,
      status: 'paid',
      billing_reason: 'subscription_create',
      confirmation_secret: null,
    });
    const setup = sub.pending_setup_intent as Stripe.SetupIntent;
    expect(setup).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', customer: customer.id });
    expect(setup.id).toMatch(/^seti_/);
    expect(setup.client_secret).toMatch(new RegExp(`^${setup.id}_secret_`));
    // The card the setup intent collects becomes the default (the card field's part).
    await setDefault(customer.id, 'pm_card_visa');

    await advanceTo(start + 11 * DAY - 60);
    expect(await eventsOf(sub.id, 'customer.subscription.trial_will_end')).toHaveLength(0);
    await advanceTo(start + 11 * DAY + 60);
    await advanceTo(start + 12 * DAY);
    const notices = await eventsOf(sub.id, 'customer.subscription.trial_will_end');
    expect(notices.map((e) => e.created)).toEqual([start + 11 * DAY]);

    await advanceTo(start + 14 * DAY + 60);
    const active = await stripe.subscriptions.retrieve(sub.id);
    expect(active.status).toBe('active');
    expect(periodOf(active).start).toBe(start + 14 * DAY);
    const charged = await latestInvoice(sub.id);
    expect(charged).toMatchObject({ status: 'paid', amount_paid: 799, billing_reason: 'subscription_cycle' });
    expect(await eventsOf(sub.id, 'customer.subscription.trial_will_end')).toHaveLength(1);
  });

  it('a trial whose card fails at its end goes past_due; one cancelled during it ends uncharged, at its end or at once', async () => {
    const start = nowS();
    const trial = async (card: string) => {
      const customer = await stripe.customers.create({});
      await setDefault(customer.id, card);
      return stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price_data: priceData(999) }],
        trial_end: start + 2 * DAY,
        payment_behavior: 'default_incomplete',
      });
    };
    const failing = await trial('pm_card_visa_chargeDeclined');
    const atEnd = await trial('pm_card_visa');
    const atOnce = await trial('pm_card_visa');
    // Shorter than three days left: trial_will_end goes out at once.
    await advanceTo(start + 60);
    expect(await eventsOf(failing.id, 'customer.subscription.trial_will_end')).toHaveLength(1);
    expect((await stripe.subscriptions.update(atEnd.id, { cancel_at_period_end: true })).cancel_at_period_end).toBe(
      true,
    );
    const cancelled = await stripe.subscriptions.cancel(atOnce.id);
    expect(cancelled).toMatchObject({ status: 'canceled', ended_at: start + 60 });
    expect(await eventsOf(atOnce.id, 'customer.subscription.deleted')).toHaveLength(1);
    expect(await stripe.subscriptions.cancel(atOnce.id).catch((e: unknown) => e)).toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );

    await advanceTo(start + 2 * DAY + 60);
    expect((await stripe.subscriptions.retrieve(failing.id)).status).toBe('past_due');
    expect(await latestInvoice(failing.id)).toMatchObject({
      status: 'open',
      amount_due: 999,
      billing_reason: 'subscription_cycle',
      next_payment_attempt: start + 3 * DAY,
    });
    expect(await stripe.subscriptions.retrieve(atEnd.id)).toMatchObject({
      status: 'canceled',
      ended_at: start + 2 * DAY,
    });
    for (const id of [atEnd.id, atOnce.id]) {
      const invoices = (await stripe.invoices.list({ subscription: id })).data;
      expect(invoices.map((i) => i.amount_due)).toEqual([0]);
      expect(await chargesOf(id)).toHaveLength(0);
    }
  });

  it('a price change with always_invoice charges the prorated difference to the second; a refused card changes nothing; with none the new price bills from the renewal', async () => {
    const { customer, sub } = await subscribed(999);
    const { start, end } = periodOf(sub);
    const at = start + Math.floor((end - start) / 3);
    await advanceTo(at);
    const item = sub.items.data[0]?.id ?? '';

    await setDefault(customer, 'pm_card_visa_chargeDeclined');
    const refused = await stripe.subscriptions
      .update(sub.id, {
        items: [{ id: item, price_data: priceData(1999) }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    const unchanged = await stripe.subscriptions.retrieve(sub.id);
    expect(unchanged.items.data[0]?.price.unit_amount).toBe(999);
    expect(unchanged.latest_invoice).toBe(sub.latest_invoice);

    await setDefault(customer, 'pm_card_visa');
    const upgraded = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item, price_data: priceData(1999) }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice.payments'],
    });
    const fraction = (end - at) / (end - start);
    const expected = Math.round(1999 * fraction) - Math.round(999 * fraction);
    const invoice = upgraded.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_update',
      amount_due: expected,
      amount_paid: expected,
    });
    expect(invoice.lines.data.map((l) => l.amount)).toEqual([-Math.round(999 * fraction), Math.round(1999 * fraction)]);
    expect(invoice.lines.data[0]?.period).toEqual({ start: at, end });
    expect(upgraded.items.data[0]).toMatchObject({ id: item, price: { unit_amount: 1999 } });
    expect(periodOf(upgraded)).toEqual({ start, end });

    // Back down to 999 from the renewal: no invoice now; the renewal bills 999.
    const downgraded = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item, price_data: priceData(999) }],
      proration_behavior: 'none',
      metadata: { plan: 'basic' },
    });
    expect(downgraded.latest_invoice).toBe(invoice.id);
    expect(downgraded.metadata).toEqual({ plan: 'basic' });
    await advanceTo(end + 60);
    expect(await latestInvoice(sub.id)).toMatchObject({
      status: 'paid',
      amount_paid: 999,
      billing_reason: 'subscription_cycle',
    });
    // Metadata: a key set to '' is removed; a bad proration_behavior is refused.
    expect((await stripe.subscriptions.update(sub.id, { metadata: { plan: '' } })).metadata).toEqual({});
    expect(
      await stripe.subscriptions
        .update(sub.id, { items: [{ id: item, price_data: priceData(1999) }], proration_behavior: 'create_prorations' })
        .catch((e: unknown) => e),
    ).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('two renewers on one database at once charge each subscription exactly once per period', async () => {
    const subs = await Promise.all(Array.from({ length: 12 }, () => subscribed()));
    // A second process's sandbox: its own connection where the database has an address.
    const second: Db =
      kind === 'postgres' && ctx.platform.db.address ? openPostgres(ctx.platform.db.address, 4) : ctx.platform.db;
    const other = new PaymentSandbox(new SandboxRepository(second), ctx.clock, () => undefined);
    const mine = new PaymentSandbox(new SandboxRepository(ctx.platform.db), ctx.clock, () => undefined);
    try {
      const firstEnd = Math.min(...subs.map((s) => periodOf(s.sub).end));
      // Three months on, without renewing: then both renew at once.
      ctx.clock.set((firstEnd + 90 * DAY) * 1000);
      const [a, b] = await Promise.all([mine.renewDue(), other.renewDue()]);
      expect(a + b).toBeGreaterThanOrEqual(subs.length * 3);
      for (const { sub } of subs) {
        const invoices = (await stripe.invoices.list({ subscription: sub.id, limit: 100 })).data.filter(
          (i) => i.billing_reason === 'subscription_cycle',
        );
        const periods = invoices.map((i) => i.lines.data[0]?.period.start);
        expect(new Set(periods).size, sub.id).toBe(periods.length);
        expect(invoices.every((i) => i.status === 'paid')).toBe(true);
        expect(periods.length).toBeGreaterThanOrEqual(3);
        // The first payment and one charge per renewed period, none twice.
        expect(await chargesOf(sub.id)).toHaveLength(periods.length + 1);
      }
    } finally {
      if (second !== ctx.platform.db) await second.destroy();
      await advanceTo(nowS());
    }
  });
});
