import type { FormObject, FormValue } from './form-body';
import { addInterval, invalidRequest, newId, noSuch, StripeApiError, type Json } from './objects';
import type { LoadedObject } from './payment-methods';
import type { ObjectWrite } from './sandbox.repository';

/**
 * Coupons and promotion codes at the sandbox, as Stripe keeps them: a coupon says what comes
 * off (percent_off, or amount_off in a currency) and for how long (once, repeating for
 * duration_in_months, forever); a promotion code is the text a customer types for a coupon.
 * A subscription created with one gets a discount that lowers its invoices while it lasts;
 * each redemption counts once on both, within their max_redemptions, expires_at and redeem_by.
 */

const text = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const list = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : Object.values(obj(v)));

/** What a subscription keeps (in its private part) of its discount: what its invoices take off, and until when (epoch s, exclusive; null forever). */
export interface SubscriptionDiscount {
  id: string;
  coupon: string;
  promotionCode: string | null;
  percentOff: number | null;
  amountOff: number | null;
  appliesUntil: number | null;
}

/** What a coupon takes off `amount` (cents): a percentage rounded to the cent, or its amount; never more than the amount. */
export function discountAmount(amount: number, off: Pick<SubscriptionDiscount, 'percentOff' | 'amountOff'>): number {
  const taken = off.percentOff !== null ? Math.round((amount * off.percentOff) / 100) : (off.amountOff ?? 0);
  return Math.min(amount, Math.max(0, taken));
}

/** A subscription's charge of `amount` at `at` (epoch s) after its discount, if one still applies. */
export function discountedAmount(subscriptionPrivate: Json, amount: number, at: number): number {
  const d = subscriptionPrivate.discount as SubscriptionDiscount | undefined;
  if (!d || (d.appliesUntil !== null && at >= d.appliesUntil)) return amount;
  return amount - discountAmount(amount, d);
}

/**
 * Until when a discount applied at `start` lowers charges: repeating, for its months (Stripe's
 * discount.end); once, only the first charge (at `start`, or at a trial's end); forever, always.
 */
export function appliesUntil(coupon: Json, start: number, firstChargeAt: number): number | null {
  if (coupon.duration === 'forever') return null;
  if (coupon.duration === 'once') return firstChargeAt + 1;
  let end = start;
  for (let i = 0; i < Number(coupon.duration_in_months ?? 1); i++) end = addInterval(end, 'month');
  return end;
}

/** A coupon's `valid` at `now`: not past redeem_by and not redeemed max_redemptions times. */
export function couponValid(coupon: Json, now: number): boolean {
  const redeemBy = typeof coupon.redeem_by === 'number' ? coupon.redeem_by : null;
  const max = typeof coupon.max_redemptions === 'number' ? coupon.max_redemptions : null;
  return !(redeemBy !== null && redeemBy <= now) && !(max !== null && Number(coupon.times_redeemed) >= max);
}

function positiveInt(value: FormValue | undefined, param: string): number | null {
  const s = text(value);
  if (s === undefined || s === '') return null;
  if (!/^\d+$/.test(s) || Number(s) <= 0) throw invalidRequest(`Invalid positive integer: ${param}`, param);
  return Number(s);
}

function timestamp(value: FormValue | undefined, param: string, now: number): number | null {
  const at = positiveInt(value, param);
  if (at !== null && at <= now)
    throw invalidRequest(`Invalid timestamp: must be an integer Unix timestamp in the future.`, param);
  return at;
}

/** POST /v1/coupons' form as Stripe validates it. */
export function couponFromForm(form: FormObject, now: number): Json {
  const id = text(form.id) ?? newId('co').slice(3);
  if (!/^[A-Za-z0-9_]{1,60}$/.test(id)) throw invalidRequest('Invalid coupon id: use letters, digits or _.', 'id');
  const percentText = text(form.percent_off);
  const percent = percentText === undefined || percentText === '' ? null : Number(percentText);
  const amountOff = positiveInt(form.amount_off, 'amount_off');
  if ((percent === null) === (amountOff === null))
    throw invalidRequest(
      'You must pass exactly one of percent_off or amount_off.',
      percent === null ? 'percent_off' : 'amount_off',
    );
  if (percent !== null && (!Number.isFinite(percent) || percent <= 0 || percent > 100))
    throw invalidRequest('percent_off must be greater than 0 and at most 100.', 'percent_off');
  const currency = text(form.currency)?.toLowerCase() ?? null;
  if (amountOff !== null && (!currency || !/^[a-z]{3}$/.test(currency)))
    throw invalidRequest('You must pass currency when passing amount_off.', 'currency');
  const duration = text(form.duration) ?? 'once';
  if (duration !== 'once' && duration !== 'repeating' && duration !== 'forever')
    throw invalidRequest(`Invalid duration: must be one of once, repeating, or forever`, 'duration');
  const months = positiveInt(form.duration_in_months, 'duration_in_months');
  if (duration === 'repeating' && months === null)
    throw invalidRequest('You must pass duration_in_months when duration is repeating.', 'duration_in_months');
  if (duration !== 'repeating' && months !== null)
    throw invalidRequest('duration_in_months is only valid when duration is repeating.', 'duration_in_months');
  const products = list(obj(form.applies_to).products).filter((p): p is string => typeof p === 'string');
  return {
    id,
    object: 'coupon',
    name: text(form.name) ?? null,
    percent_off: percent,
    amount_off: amountOff,
    currency: amountOff !== null ? currency : null,
    duration,
    duration_in_months: months,
    max_redemptions: positiveInt(form.max_redemptions, 'max_redemptions'),
    redeem_by: timestamp(form.redeem_by, 'redeem_by', now),
    times_redeemed: 0,
    valid: true,
    ...(products.length > 0 ? { applies_to: { products } } : {}),
    metadata: { ...obj(form.metadata) },
    created: now,
    livemode: false,
  };
}

/** The object that indexes promotion codes by their text (case-insensitive, as Stripe matches them). */
export const codeIndexId = (code: string): string => `pcode_${code.toUpperCase()}`;

/** POST /v1/promotion_codes' form (API endive: promotion[coupon]; older: coupon). */
export function promotionCodeFromForm(form: FormObject, coupon: Json, now: number): Json {
  const code = text(form.code) ?? newId('x').slice(2, 10).toUpperCase();
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(code))
    throw invalidRequest('Invalid code: use letters, digits, - or _ (at most 40).', 'code');
  const restrictions = obj(form.restrictions);
  return {
    id: newId('promo'),
    object: 'promotion_code',
    code,
    active: text(form.active) !== 'false',
    promotion: { type: 'coupon', coupon: coupon.id },
    customer: text(form.customer) ?? null,
    expires_at: timestamp(form.expires_at, 'expires_at', now),
    max_redemptions: positiveInt(form.max_redemptions, 'max_redemptions'),
    times_redeemed: 0,
    restrictions: {
      first_time_transaction: text(restrictions.first_time_transaction) === 'true',
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    metadata: { ...obj(form.metadata) },
    created: now,
    livemode: false,
  };
}

/** Stripe's refusal of redeeming `promo` (or the coupon alone) for `productRef` at `now`; null when it may be redeemed. */
export function redemptionRefusal(
  coupon: Json,
  promo: Json | null,
  productRef: string | null,
  currency: string,
  now: number,
  param: string,
): StripeApiError | null {
  if (promo) {
    if (promo.active !== true) return invalidRequest(`This promotion code is inactive: '${String(promo.id)}'.`, param);
    if (typeof promo.expires_at === 'number' && promo.expires_at <= now)
      return new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'promotion_code_expired',
        message: `This promotion code has expired: '${String(promo.id)}'.`,
        param,
      });
    if (typeof promo.max_redemptions === 'number' && Number(promo.times_redeemed) >= promo.max_redemptions)
      return invalidRequest(
        `This promotion code has been redeemed the maximum number of times: '${String(promo.id)}'.`,
        param,
      );
  }
  if (typeof coupon.redeem_by === 'number' && coupon.redeem_by <= now)
    return new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'coupon_expired',
      message: `Coupon expired: ${String(coupon.id)}`,
      param,
    });
  if (!couponValid(coupon, now))
    return invalidRequest(`Coupon ${String(coupon.id)} has been redeemed the maximum number of times.`, param);
  const products = (coupon.applies_to as { products?: unknown } | undefined)?.products;
  if (Array.isArray(products) && products.length > 0 && (productRef === null || !products.includes(productRef)))
    return invalidRequest(`This coupon cannot be redeemed because it does not apply to anything in this order.`, param);
  if (coupon.amount_off !== null && coupon.currency !== currency)
    return invalidRequest(
      `The coupon's currency (${String(coupon.currency)}) does not match the subscription's (${currency}).`,
      param,
    );
  return null;
}

/** What the sandbox needs of itself here. */
export interface CouponsCore {
  now(): Promise<number>;
  load(id: string, type: string): Promise<LoadedObject>;
  apply(writes: ObjectWrite[], events: never[]): Promise<void>;
}

const update = (id: string, type: string, data: Json, prev: LoadedObject | null): ObjectWrite => ({
  id,
  type,
  data: JSON.stringify(data),
  private: prev && Object.keys(prev.private).length > 0 ? JSON.stringify(prev.private) : null,
  dueAt: null,
  version: prev ? prev.version : null,
});

/** A new subscription's discount: the one it shows, the one it keeps, and the redemption counted on the coupon and code. */
export interface Redemption {
  discount: Json;
  kept: SubscriptionDiscount;
  writes: ObjectWrite[];
}

export class SandboxCoupons {
  constructor(private readonly core: CouponsCore) {}

  private async seconds(): Promise<number> {
    return Math.floor((await this.core.now()) / 1000);
  }

  private async maybe(id: string, type: string): Promise<LoadedObject | null> {
    try {
      return await this.core.load(id, type);
    } catch (error) {
      if (error instanceof StripeApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** A coupon (unless it exists) and a promotion code for it, validated as of `asOf` (epoch s): the demo's, one of them already expired. */
  async seed(couponForm: FormObject, codeForm: FormObject, asOf: number): Promise<void> {
    const coupon = (await this.maybe(String(couponForm.id), 'coupon'))?.data ?? couponFromForm(couponForm, asOf);
    const writes = (await this.maybe(String(coupon.id), 'coupon'))
      ? []
      : [update(String(coupon.id), 'coupon', coupon, null)];
    const promo = promotionCodeFromForm(codeForm, coupon, asOf);
    const indexId = codeIndexId(String(promo.code));
    const index = await this.maybe(indexId, 'promotion_code_index');
    const ids = index ? (index.data.ids as string[]) : [];
    await this.core.apply(
      [
        ...writes,
        update(indexId, 'promotion_code_index', { ids: [...ids, promo.id] }, index),
        update(String(promo.id), 'promotion_code', promo, null),
      ],
      [],
    );
  }

  /** A coupon as read now (valid recomputed at the sandbox clock). */
  private shown(coupon: Json, now: number): Json {
    return { ...coupon, valid: couponValid(coupon, now) };
  }

  async createCoupon(form: FormObject): Promise<Json> {
    const now = await this.seconds();
    const coupon = couponFromForm(form, now);
    if (await this.maybe(String(coupon.id), 'coupon'))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_already_exists',
        message: 'Coupon already exists.',
        param: 'id',
      });
    await this.core.apply([update(String(coupon.id), 'coupon', coupon, null)], []);
    return coupon;
  }

  async retrieveCoupon(id: string): Promise<Json> {
    return this.shown((await this.core.load(id, 'coupon')).data, await this.seconds());
  }

  async createPromotionCode(form: FormObject): Promise<Json> {
    const now = await this.seconds();
    const couponId = text(obj(form.promotion).coupon) ?? text(form.coupon);
    if (!couponId) throw invalidRequest('Missing required param: promotion[coupon].', 'promotion[coupon]');
    const coupon = await this.maybe(couponId, 'coupon');
    if (!coupon) throw noSuch('coupon', couponId);
    const promo = promotionCodeFromForm(form, coupon.data, now);
    const indexId = codeIndexId(String(promo.code));
    const index = await this.maybe(indexId, 'promotion_code_index');
    const ids = index ? (index.data.ids as string[]) : [];
    // Stripe keeps one active promotion code per text.
    if (promo.active === true) {
      for (const other of ids) {
        const known = await this.maybe(other, 'promotion_code');
        if (known?.data.active === true)
          throw invalidRequest(`An active promotion code with \`code: ${String(promo.code)}\` already exists.`, 'code');
      }
    }
    await this.core.apply(
      [
        update(indexId, 'promotion_code_index', { ids: [...ids, promo.id] }, index),
        update(String(promo.id), 'promotion_code', promo, null),
      ],
      [],
    );
    return promo;
  }

  private async expanded(promo: Json, expand: FormValue | undefined, now: number): Promise<Json> {
    const wanted = list(expand).some((e) => typeof e === 'string' && e.endsWith('promotion.coupon'));
    if (!wanted) return promo;
    const coupon = this.shown((await this.core.load(String((promo.promotion as Json).coupon), 'coupon')).data, now);
    return { ...promo, promotion: { ...(promo.promotion as Json), coupon } };
  }

  async retrievePromotionCode(id: string, query: FormObject): Promise<Json> {
    return this.expanded((await this.core.load(id, 'promotion_code')).data, query.expand, await this.seconds());
  }

  /** GET /v1/promotion_codes?code=...&active=...: the sandbox lists by code (Stripe's filter), newest first. */
  async listPromotionCodes(query: FormObject): Promise<Json> {
    const code = text(query.code);
    if (!code) throw invalidRequest('The sandbox lists promotion codes by code: missing code.', 'code');
    const now = await this.seconds();
    const index = /^[A-Za-z0-9_-]{1,40}$/.test(code)
      ? await this.maybe(codeIndexId(code), 'promotion_code_index')
      : null;
    const active = text(query.active);
    const limit = Math.min(100, Math.max(1, Number(text(query.limit) ?? 10) || 10));
    const found: Json[] = [];
    for (const id of [...((index?.data.ids as string[] | undefined) ?? [])].reverse()) {
      const promo = await this.maybe(id, 'promotion_code');
      if (promo && (active === undefined || String(promo.data.active) === active))
        found.push(
          await this.expanded(
            promo.data,
            list(query.expand).map((e) => (typeof e === 'string' ? e.replace(/^data\./, '') : e)),
            now,
          ),
        );
    }
    return { object: 'list', url: '/v1/promotion_codes', has_more: found.length > limit, data: found.slice(0, limit) };
  }

  /**
   * The discount a new subscription asked for (discounts[0][promotion_code] or [coupon]; the
   * older promotion_code / coupon params too), checked as Stripe checks it; null when none.
   * Its writes count the redemption, compare-and-set: two last redemptions at once cannot both win.
   */
  async redeem(
    form: FormObject,
    input: {
      customer: string;
      subscription: string;
      productRef: string | null;
      currency: string;
      start: number;
      firstChargeAt: number;
    },
  ): Promise<Redemption | null> {
    const asked = obj(list(form.discounts)[0]);
    const promoId = text(asked.promotion_code) ?? text(form.promotion_code);
    const couponAsked = text(asked.coupon) ?? text(form.coupon);
    if (!promoId && !couponAsked) return null;
    const param = promoId ? 'discounts[0][promotion_code]' : 'discounts[0][coupon]';
    const promo = promoId ? await this.maybe(promoId, 'promotion_code') : null;
    if (promoId && !promo)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such promotion code: '${promoId}'`,
        param,
      });
    const couponId = promo ? String((promo.data.promotion as Json).coupon) : String(couponAsked);
    const coupon = await this.maybe(couponId, 'coupon');
    if (!coupon)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such coupon: '${couponId}'`,
        param,
      });
    const refusal = redemptionRefusal(
      coupon.data,
      promo?.data ?? null,
      input.productRef,
      input.currency,
      input.start,
      param,
    );
    if (refusal) throw refusal;
    const id = newId('di');
    const end = appliesUntil(coupon.data, input.start, input.firstChargeAt);
    const discount = {
      id,
      object: 'discount',
      coupon: this.shown(coupon.data, input.start),
      promotion_code: promo ? promoId : null,
      customer: input.customer,
      subscription: input.subscription,
      start: input.start,
      end: coupon.data.duration === 'repeating' ? end : null,
      invoice: null,
      invoice_item: null,
    };
    const counted = { ...coupon.data, times_redeemed: Number(coupon.data.times_redeemed) + 1 };
    const writes = [update(couponId, 'coupon', { ...counted, valid: couponValid(counted, input.start) }, coupon)];
    if (promo && promoId)
      writes.push(
        update(
          promoId,
          'promotion_code',
          { ...promo.data, times_redeemed: Number(promo.data.times_redeemed) + 1 },
          promo,
        ),
      );
    const kept: SubscriptionDiscount = {
      id,
      coupon: couponId,
      promotionCode: promo ? (promoId ?? null) : null,
      percentOff: (coupon.data.percent_off as number | null) ?? null,
      amountOff: (coupon.data.amount_off as number | null) ?? null,
      appliesUntil: end,
    };
    return { discount, kept, writes };
  }
}

/** An invoice of `fullAmount` lowered by `discountId`'s `off` cents: Stripe's subtotal, discounts and total_discount_amounts. */
export function withDiscountLines(inv: Json, fullAmount: number, discountId: string): Json {
  const off = fullAmount - Number(inv.amount_due);
  return {
    ...inv,
    subtotal: fullAmount,
    discounts: [discountId],
    total_discount_amounts: [{ amount: off, discount: discountId }],
  };
}

/** The demo's promotion codes (README, "Demo"): one that works, one usable once, one expired. */
export const DEMO_PROMOTION_CODES = { welcome: 'BIENVENIDA', once: 'UNSOLOUSO', expired: 'CADUCADO' } as const;

/**
 * Makes the demo's coupons and promotion codes at the sandbox, once: BIENVENIDA (50 % for
 * 3 months), UNSOLOUSO (2 € off the first charge, one redemption in all) and CADUCADO
 * (expired yesterday: made as of two days ago, since an API call cannot set a past expiry).
 */
export async function seedDemoPromotions(coupons: SandboxCoupons, nowMs: number): Promise<void> {
  const now = Math.floor(nowMs / 1000);
  const demo: Array<{ coupon: FormObject & { id: string }; code: FormObject & { code: string }; asOf: number }> = [
    {
      coupon: {
        id: 'demo_bienvenida',
        name: 'Bienvenida: 50 % durante 3 meses',
        percent_off: '50',
        duration: 'repeating',
        duration_in_months: '3',
      },
      code: { code: DEMO_PROMOTION_CODES.welcome },
      asOf: now,
    },
    {
      coupon: {
        id: 'demo_un_solo_uso',
        name: '2 € menos el primer mes',
        amount_off: '200',
        currency: 'eur',
        duration: 'once',
      },
      code: { code: DEMO_PROMOTION_CODES.once, max_redemptions: '1' },
      asOf: now,
    },
    {
      coupon: { id: 'demo_caducado', name: '30 % (caducado)', percent_off: '30', duration: 'once' },
      code: { code: DEMO_PROMOTION_CODES.expired, expires_at: String(now - 86_400) },
      asOf: now - 2 * 86_400,
    },
  ];
  for (const d of demo) {
    if (((await coupons.listPromotionCodes({ code: d.code.code })).data as Json[]).length > 0) continue;
    await coupons.seed(d.coupon, { ...d.code, promotion: { coupon: d.coupon.id } }, d.asOf);
  }
}
