import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardOutcome, luhnValid } from './cards';
import { retryDelayMs, stripeSignature } from './deliveries';
import { FormRefusedError, parseStripeForm } from './form-body';
import { addInterval } from './objects';

const card = (number: string, expYear = 34) =>
  cardOutcome({ number, expMonth: 12, expYear, cvc: '123' }, new Date(Date.UTC(2026, 10, 24)));

describe('the sandbox test cards', () => {
  it("behave as Stripe's: 4242 pays, 0002 and 9995 are declined, 3184 asks for authentication", () => {
    expect(card('4242 4242 4242 4242')).toEqual({ kind: 'succeeds' });
    expect(card('4000000000000002')).toMatchObject({
      kind: 'declined',
      declineCode: 'generic_decline',
      message: { es: 'Se ha rechazado tu tarjeta.' },
    });
    expect(card('4000000000009995')).toMatchObject({
      kind: 'declined',
      declineCode: 'insufficient_funds',
      message: { en: 'Your card has insufficient funds.' },
    });
    expect(card('4000002760003184')).toEqual({ kind: 'authenticates' });
  });

  it('checks number, expiry and CVC first, and refuses real cards in test mode', () => {
    expect(card('4242')).toMatchObject({ kind: 'invalid', code: 'incomplete_number' });
    expect(card('4242424242424241')).toMatchObject({ kind: 'invalid', code: 'invalid_number' });
    expect(card('4242424242424242', 25)).toMatchObject({ kind: 'invalid', code: 'invalid_expiry_year' });
    expect(cardOutcome({ number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '' }, new Date())).toMatchObject({
      code: 'incomplete_cvc',
    });
    expect(card('4111111111111111')).toMatchObject({ kind: 'declined', declineCode: 'test_mode_live_card' });
    expect(luhnValid('4000002760003184')).toBe(true);
  });
});

describe("Stripe's form encoding", () => {
  it('reads nested objects and lists', () => {
    expect(
      parseStripeForm(
        'items[0][price_data][unit_amount]=999&items[0][price_data][recurring][interval]=month&expand[0]=latest_invoice.confirmation_secret&metadata[a]=b&amount=5',
      ),
    ).toEqual({
      items: [{ price_data: { unit_amount: '999', recurring: { interval: 'month' } } }],
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { a: 'b' },
      amount: '5',
    });
  });

  it('refuses prototype keys and builds objects without a prototype', () => {
    for (const body of [
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      'a[__proto__][x]=1',
      'metadata[constructor]=1',
      '%5F%5Fproto%5F%5F%5Bx%5D=1',
      'a%5Bprototype%5D=1',
    ]) {
      expect(() => parseStripeForm(body), body).toThrow(FormRefusedError);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const form = parseStripeForm('metadata[a]=b');
    expect(Object.getPrototypeOf(form)).toBeNull();
    expect(Object.getPrototypeOf(form.metadata)).toBeNull();
  });

  it('refuses forms nested past any Stripe parameter', () => {
    expect(() => parseStripeForm(`a${'[b]'.repeat(20)}=1`)).toThrow(FormRefusedError);
  });
});

describe('billing periods', () => {
  it("end one month later, on the month's last day when it is shorter", () => {
    const s = (iso: string) => Date.parse(iso) / 1000;
    expect(addInterval(s('2026-11-24T10:00:00Z'), 'month')).toBe(s('2026-12-24T10:00:00Z'));
    expect(addInterval(s('2027-01-31T10:00:00Z'), 'month')).toBe(s('2027-02-28T10:00:00Z'));
    expect(addInterval(s('2026-12-15T00:00:00Z'), 'year')).toBe(s('2027-12-15T00:00:00Z'));
  });
});

describe('webhook signatures and retries', () => {
  it('sign as Stripe does: t and the HMAC-SHA256 of "t.payload"', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1' } },
    });
    const header = stripeSignature('whsec_test', payload, 1700000000);
    // The official client accepts it, and refuses it under another secret or past its tolerance.
    const stripe = new Stripe('sk_test_x');
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_test', 300, undefined, 1700000100_000).id).toBe(
      'evt_1',
    );
    expect(() =>
      stripe.webhooks.constructEvent(payload, header, 'whsec_other', 300, undefined, 1700000100_000),
    ).toThrow();
    expect(() =>
      stripe.webhooks.constructEvent(payload, header, 'whsec_test', 300, undefined, 1700000400_000),
    ).toThrow();
  });

  it('back off from a second, doubling, up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});
