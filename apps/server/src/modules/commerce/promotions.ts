import { PAYMENT_CONNECTIVITY_ERROR } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest } from '../../platform/errors';
import { ProviderUnavailableError, type PaymentProvider, type PromotionCodeView } from './payments/provider';
import type { ProductRow } from './tables';

/** A promotion code checked for a product and buyer: what it takes off and for how many charges. */
export interface ResolvedPromotion {
  code: string;
  promotionCodeId: string;
  couponId: string;
  percentOff: number | null;
  amountOffCents: number | null;
  /** Monthly charges it covers (1 for a coupon of duration once); null: forever. */
  durationMonths: number | null;
  /** The first charge after the discount (what PurchasesService.start() asks the provider for). */
  firstChargeCents: number;
}

export const PROMOTION_INVALID = 'Este código promocional no es válido.';
export const PROMOTION_EXPIRED = 'Este código promocional ha caducado.';
export const PROMOTION_EXHAUSTED = 'Este código promocional ya se ha usado el máximo de veces.';
export const PROMOTION_WRONG_PRODUCT = 'Este código promocional no es válido para este producto.';
export const PROMOTION_FIRST_PURCHASE = 'Este código promocional es solo para la primera compra.';

/** The provider's product a subscription to `product` is billed as (StripeProvider's productRef). */
export const providerProductOf = (product: Pick<ProductRow, 'packageId'>): string =>
  `pantalla_package_${product.packageId}`;

/**
 * The amount of the `chargeIndex`-th charge (0: the first) of a price with a promotion: the
 * discount while it lasts, never below 0; a percentage rounded to the cent as Stripe does.
 */
export function discountedCents(
  priceCents: number,
  promotion: Pick<ResolvedPromotion, 'percentOff' | 'amountOffCents' | 'durationMonths'> | null,
  chargeIndex: number,
): number {
  if (!promotion) return priceCents;
  if (promotion.durationMonths !== null && chargeIndex >= promotion.durationMonths) return priceCents;
  const off =
    promotion.percentOff !== null
      ? Math.round((priceCents * promotion.percentOff) / 100)
      : (promotion.amountOffCents ?? 0);
  return Math.max(0, priceCents - off);
}

/** Why a promotion code does not apply to `product` at `now` (a message for the buyer), or null when it does. */
export function refusalOf(promo: PromotionCodeView | null, product: ProductRow, now: number): string | null {
  if (!promo || !promo.active) return PROMOTION_INVALID;
  const coupon = promo.coupon;
  // Stripe does not apply coupons to one-off payments: codes are for subscriptions (docs/decisions.md).
  if (product.kind !== 'subscription') return PROMOTION_WRONG_PRODUCT;
  if (
    (promo.expiresAtMs !== null && promo.expiresAtMs <= now) ||
    (coupon.redeemByMs !== null && coupon.redeemByMs <= now)
  )
    return PROMOTION_EXPIRED;
  if (
    (promo.maxRedemptions !== null && promo.timesRedeemed >= promo.maxRedemptions) ||
    (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions)
  )
    return PROMOTION_EXHAUSTED;
  if (!coupon.valid) return PROMOTION_INVALID;
  if (coupon.appliesToProducts !== null && !coupon.appliesToProducts.includes(providerProductOf(product)))
    return PROMOTION_WRONG_PRODUCT;
  if (coupon.amountOffCents !== null && (coupon.currency ?? '').toLowerCase() !== product.currency.toLowerCase())
    return PROMOTION_WRONG_PRODUCT;
  return null;
}

/** A coupon's duration as monthly charges covered: once 1, repeating its months, forever null. */
export function durationMonthsOf(coupon: PromotionCodeView['coupon']): number | null {
  if (coupon.duration === 'once') return 1;
  if (coupon.duration === 'repeating') return coupon.durationInMonths ?? 1;
  return null;
}

/**
 * Promotion codes at checkout: looked up at the provider (Stripe's promotion codes and coupons,
 * or the sandbox's), refused with the buyer's reason, or resolved to what they take off.
 */
export class Promotions {
  constructor(
    private readonly payments: PaymentProvider,
    private readonly clock: Clock,
    /** Whether the buyer paid for anything before (codes restricted to a first transaction). */
    private readonly paidBefore: (userId: number) => Promise<boolean> = async () => false,
  ) {}

  async resolvePromotion(code: string, product: ProductRow, userId: number): Promise<ResolvedPromotion> {
    let promo: PromotionCodeView | null;
    try {
      promo = await this.payments.findPromotionCode(code.trim());
    } catch (error) {
      if (error instanceof ProviderUnavailableError)
        throw new AppError(503, 'provider_unavailable', PAYMENT_CONNECTIVITY_ERROR);
      // The provider refused the lookup itself (a malformed code): the code is not valid.
      throw badRequest(PROMOTION_INVALID);
    }
    const refusal = refusalOf(promo, product, this.clock.now());
    if (refusal !== null || !promo) throw badRequest(refusal ?? PROMOTION_INVALID);
    if (promo.firstTimeTransaction && (await this.paidBefore(userId))) throw badRequest(PROMOTION_FIRST_PURCHASE);
    const resolved = {
      code: promo.code,
      promotionCodeId: promo.id,
      couponId: promo.coupon.id,
      percentOff: promo.coupon.percentOff,
      amountOffCents: promo.coupon.amountOffCents,
      durationMonths: durationMonthsOf(promo.coupon),
    };
    return { ...resolved, firstChargeCents: discountedCents(product.priceCents, resolved, 0) };
  }
}
