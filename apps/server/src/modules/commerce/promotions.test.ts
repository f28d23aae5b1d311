import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { PaymentProvider, PromotionCodeView } from './payments/provider';
import { discountedCents, Promotions, refusalOf } from './promotions';
import type { ProductRow } from './tables';

const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);
const product = (over: Partial<ProductRow> = {}): ProductRow =>
  ({
    id: 3,
    packageId: 3,
    kind: 'subscription',
    title: 'Series',
    subtitle: '',
    priceCents: 999,
    currency: 'EUR',
    fcIni: 0,
    fcEnd: null,
    recurring: 1,
    interval: 'month',
    eventId: null,
    channelId: null,
    active: 1,
    trialDays: 0,
    ...over,
  }) as ProductRow;
const promo = (
  over: Partial<PromotionCodeView> = {},
  coupon: Partial<PromotionCodeView['coupon']> = {},
): PromotionCodeView => ({
  id: 'promo_1',
  code: 'HOLA',
  active: true,
  maxRedemptions: null,
  timesRedeemed: 0,
  expiresAtMs: null,
  firstTimeTransaction: false,
  coupon: {
    id: 'c1',
    percentOff: 50,
    amountOffCents: null,
    currency: null,
    duration: 'repeating',
    durationInMonths: 3,
    valid: true,
    maxRedemptions: null,
    timesRedeemed: 0,
    redeemByMs: null,
    appliesToProducts: null,
    ...coupon,
  },
  ...over,
});

describe('promotion codes at checkout', () => {
  it('discount each charge they cover, rounded like Stripe, never below 0, then the full price', () => {
    const half = { percentOff: 50, amountOffCents: null, durationMonths: 3 };
    expect([0, 1, 2, 3].map((n) => discountedCents(999, half, n))).toEqual([499, 499, 499, 999]);
    expect(discountedCents(999, { percentOff: null, amountOffCents: 200, durationMonths: 1 }, 0)).toBe(799);
    expect(discountedCents(150, { percentOff: null, amountOffCents: 200, durationMonths: null }, 12)).toBe(0);
    expect(discountedCents(999, null, 0)).toBe(999);
  });

  it("are refused with the buyer's reason", () => {
    expect(refusalOf(null, product(), NOW)).toBe('Este código promocional no es válido.');
    expect(refusalOf(promo({ active: false }), product(), NOW)).toBe('Este código promocional no es válido.');
    expect(refusalOf(promo({ expiresAtMs: NOW }), product(), NOW)).toBe('Este código promocional ha caducado.');
    expect(refusalOf(promo({}, { redeemByMs: NOW - 1 }), product(), NOW)).toBe('Este código promocional ha caducado.');
    expect(refusalOf(promo({ maxRedemptions: 1, timesRedeemed: 1 }), product(), NOW)).toBe(
      'Este código promocional ya se ha usado el máximo de veces.',
    );
    expect(refusalOf(promo({}, { maxRedemptions: 5, timesRedeemed: 5 }), product(), NOW)).toBe(
      'Este código promocional ya se ha usado el máximo de veces.',
    );
    expect(refusalOf(promo({}, { appliesToProducts: ['pantalla_package_4'] }), product(), NOW)).toBe(
      'Este código promocional no es válido para este producto.',
    );
    expect(refusalOf(promo(), product({ kind: 'ppv', recurring: 0, interval: null }), NOW)).toBe(
      'Este código promocional no es válido para este producto.',
    );
    expect(refusalOf(promo({}, { percentOff: null, amountOffCents: 200, currency: 'usd' }), product(), NOW)).toBe(
      'Este código promocional no es válido para este producto.',
    );
    expect(
      refusalOf(promo({ expiresAtMs: NOW + 1 }, { appliesToProducts: ['pantalla_package_3'] }), product(), NOW),
    ).toBeNull();
  });

  it('resolve to what they take off and the first charge, or throw a 400 AppError', async () => {
    const found: Record<string, PromotionCodeView> = {
      HOLA: promo(),
      PRIMERA: promo({ code: 'PRIMERA', firstTimeTransaction: true }, { duration: 'once', durationInMonths: null }),
    };
    const payments = {
      findPromotionCode: async (code: string) => found[code.toUpperCase()] ?? null,
    } as unknown as PaymentProvider;
    const promotions = new Promotions(payments, new ManualClock(NOW), async (userId) => userId === 2);
    expect(await promotions.resolvePromotion(' hola ', product(), 1)).toEqual({
      code: 'HOLA',
      promotionCodeId: 'promo_1',
      couponId: 'c1',
      percentOff: 50,
      amountOffCents: null,
      durationMonths: 3,
      firstChargeCents: 499,
    });
    expect((await promotions.resolvePromotion('PRIMERA', product(), 1)).durationMonths).toBe(1);
    const refused = await promotions.resolvePromotion('PRIMERA', product(), 2).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, message: 'Este código promocional es solo para la primera compra.' });
    await expect(promotions.resolvePromotion('NADA', product(), 1)).rejects.toMatchObject({
      status: 400,
      message: 'Este código promocional no es válido.',
    });
  });
});
