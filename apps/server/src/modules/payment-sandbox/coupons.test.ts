import { describe, expect, it } from 'vitest';
import {
  appliesUntil,
  couponFromForm,
  couponValid,
  discountAmount,
  discountedAmount,
  promotionCodeFromForm,
  redemptionRefusal,
  type SubscriptionDiscount,
} from './coupons';
import { StripeApiError } from './objects';

const NOW = Math.floor(Date.UTC(2026, 10, 24, 10, 0, 0) / 1000);
const refusedWith = (form: Record<string, string>) => {
  try {
    couponFromForm(form, NOW);
  } catch (error) {
    return error instanceof StripeApiError ? (error.error.param as string) : 'other';
  }
  return null;
};

describe('sandbox coupons', () => {
  it('take exactly one of percent_off or amount_off (with its currency), and months only when repeating', () => {
    expect(refusedWith({ duration: 'once' })).toBe('percent_off');
    expect(refusedWith({ percent_off: '10', amount_off: '100', currency: 'eur' })).toBe('amount_off');
    expect(refusedWith({ amount_off: '100' })).toBe('currency');
    expect(refusedWith({ percent_off: '0' })).toBe('percent_off');
    expect(refusedWith({ percent_off: '100.5' })).toBe('percent_off');
    expect(refusedWith({ percent_off: '10', duration: 'repeating' })).toBe('duration_in_months');
    expect(refusedWith({ percent_off: '10', duration: 'once', duration_in_months: '3' })).toBe('duration_in_months');
    expect(refusedWith({ percent_off: '10', redeem_by: String(NOW - 1) })).toBe('redeem_by');
    expect(
      couponFromForm(
        {
          id: 'half',
          percent_off: '50',
          duration: 'repeating',
          duration_in_months: '3',
          applies_to: { products: ['x'] },
        },
        NOW,
      ),
    ).toMatchObject({
      id: 'half',
      percent_off: 50,
      amount_off: null,
      duration: 'repeating',
      duration_in_months: 3,
      times_redeemed: 0,
      valid: true,
    });
  });

  it('are no longer valid once redeem_by passed or max_redemptions were used', () => {
    expect(couponValid({ redeem_by: NOW + 10, max_redemptions: 2, times_redeemed: 1 }, NOW)).toBe(true);
    expect(couponValid({ redeem_by: NOW, max_redemptions: null, times_redeemed: 0 }, NOW)).toBe(false);
    expect(couponValid({ redeem_by: null, max_redemptions: 2, times_redeemed: 2 }, NOW)).toBe(false);
  });

  it('take a percentage rounded to the cent, or an amount, never more than the charge', () => {
    expect(discountAmount(999, { percentOff: 50, amountOff: null })).toBe(500);
    expect(discountAmount(999, { percentOff: 33.3, amountOff: null })).toBe(333);
    expect(discountAmount(999, { percentOff: null, amountOff: 200 })).toBe(200);
    expect(discountAmount(150, { percentOff: null, amountOff: 200 })).toBe(150);
  });

  it('lower charges while they last: repeating for its months from the start, once the first charge, forever always', () => {
    const repeating = appliesUntil({ duration: 'repeating', duration_in_months: 3 }, NOW, NOW);
    expect(repeating).toBe(Math.floor(Date.UTC(2027, 1, 24, 10, 0, 0) / 1000));
    const trialEnd = NOW + 7 * 86_400;
    expect(appliesUntil({ duration: 'once' }, NOW, trialEnd)).toBe(trialEnd + 1);
    expect(appliesUntil({ duration: 'forever' }, NOW, NOW)).toBeNull();
    const kept: SubscriptionDiscount = {
      id: 'di_1',
      coupon: 'c',
      promotionCode: null,
      percentOff: 50,
      amountOff: null,
      appliesUntil: repeating,
    };
    expect(discountedAmount({ discount: kept }, 999, NOW)).toBe(499);
    expect(discountedAmount({ discount: kept }, 999, (repeating ?? 0) - 1)).toBe(499);
    expect(discountedAmount({ discount: kept }, 999, repeating ?? 0)).toBe(999);
    expect(discountedAmount({}, 999, NOW)).toBe(999);
  });

  it('refuse a redemption as Stripe does: inactive, expired, used up, another product, another currency', () => {
    const coupon = couponFromForm(
      { id: 'c1', amount_off: '200', currency: 'eur', duration: 'once', applies_to: { products: ['prod_a'] } },
      NOW,
    );
    const promo = promotionCodeFromForm(
      { code: 'HOLA', max_redemptions: '1', expires_at: String(NOW + 60) },
      coupon,
      NOW,
    );
    const refusal = (
      c: Record<string, unknown>,
      p: Record<string, unknown> | null,
      product = 'prod_a',
      currency = 'eur',
      at = NOW,
    ) => redemptionRefusal(c, p, product, currency, at, 'discounts[0][promotion_code]')?.message ?? null;
    expect(refusal(coupon, promo)).toBeNull();
    expect(refusal(coupon, { ...promo, active: false })).toMatch(/inactive/);
    expect(refusal(coupon, promo, 'prod_a', 'eur', NOW + 60)).toMatch(/expired/);
    expect(refusal(coupon, { ...promo, times_redeemed: 1 })).toMatch(/maximum number of times/);
    expect(refusal(coupon, promo, 'prod_b')).toMatch(/does not apply/);
    expect(refusal(coupon, promo, 'prod_a', 'usd')).toMatch(/currency/);
    expect(refusal({ ...coupon, max_redemptions: 1, times_redeemed: 1 }, null)).toMatch(/maximum number of times/);
  });
});
