import { describe, expect, it } from 'vitest';
import { oneMonthAfter, stateOf } from './purchases.service';
import type { PurchaseRow } from './tables';

describe("a subscription's first period", () => {
  it('ends one month after its start (accounts spec 9), on the last day of a shorter month', () => {
    expect(oneMonthAfter(Date.parse('2026-11-24T10:30:00Z'))).toBe(Date.parse('2026-12-24T10:30:00Z'));
    expect(oneMonthAfter(Date.parse('2026-01-31T00:00:00Z'))).toBe(Date.parse('2026-02-28T00:00:00Z'));
    expect(oneMonthAfter(Date.parse('2026-12-31T23:00:00Z'))).toBe(Date.parse('2027-01-31T23:00:00Z'));
  });
});

describe("a subscription's state as the subscriber reads it", () => {
  const now = Date.parse('2026-12-10T00:00:00Z');
  const day = 86_400_000;
  const row = (p: Partial<PurchaseRow>): PurchaseRow => ({
    id: 'pur_test',
    userId: 1,
    productId: 2,
    packageId: 2,
    kind: 'subscription',
    title: 'Cine Plus',
    subtitle: '',
    amountCents: 999,
    currency: 'EUR',
    holderName: 'A',
    customerId: 'cus_1',
    paymentIntentId: null,
    subscriptionId: 'sub_1',
    status: 'fulfilled',
    paidUntil: now + 10 * day,
    cancelAtPeriodEnd: 0,
    endedAt: null,
    graceUntil: null,
    trialEndsAt: null,
    pendingProductId: null,
    pendingEffectiveAt: null,
    promotionCode: null,
    createdAt: now - 20 * day,
    fulfilledAt: now - 20 * day,
    ...p,
  });

  it('is active while paid, trialing before its trial ends, cancelled when it will not renew', () => {
    expect(stateOf(row({}), now)).toBe('active');
    expect(stateOf(row({ trialEndsAt: now + 3 * day, paidUntil: now + 3 * day }), now)).toBe('trialing');
    expect(stateOf(row({ trialEndsAt: now - 3 * day }), now)).toBe('active');
    expect(stateOf(row({ cancelAtPeriodEnd: 1 }), now)).toBe('cancelled');
    expect(stateOf(row({ cancelAtPeriodEnd: 1, trialEndsAt: now + 3 * day }), now)).toBe('cancelled');
  });

  it('is past due in its grace period, though its paid period is over, and ended after it or once ended', () => {
    expect(stateOf(row({ paidUntil: now - day, graceUntil: now + 6 * day }), now)).toBe('past_due');
    expect(stateOf(row({ paidUntil: now - day, graceUntil: now - 1 }), now)).toBe('ended');
    expect(stateOf(row({ paidUntil: now - 1 }), now)).toBe('ended');
    expect(stateOf(row({ endedAt: now - day }), now)).toBe('ended');
  });

  it('a pay-per-view purchase is active until its event ends', () => {
    expect(stateOf(row({ kind: 'ppv', subscriptionId: null, cancelAtPeriodEnd: 1 }), now)).toBe('active');
    expect(stateOf(row({ kind: 'ppv', subscriptionId: null, paidUntil: now - 1 }), now)).toBe('ended');
  });
});
