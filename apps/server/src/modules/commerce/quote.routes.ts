import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutQuoteRequestSchema,
  checkoutQuoteSchema,
  PURCHASES_UNAVAILABLE,
  type CheckoutQuote,
  type SavedCard,
} from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { forbidden } from '../../platform/errors';
import { errorResponses, noStore } from '../../platform/http';
import type { Log } from '../../platform/logging';
import type { Authenticator } from '../identity';
import type { CountryOf } from './commerce.routes';
import { vatOf, type CommerceService, type VatRates } from './commerce.service';
import type { PaymentProvider } from './payments/provider';
import { discountedCents, type Promotions } from './promotions';
import { oneMonthAfter } from './purchases.service';
import type { ProductRow } from './tables';

const DAY_MS = 86_400_000;

/** One billing interval after `start` (epoch ms): a month, or twelve of them. */
function intervalAfter(start: number, interval: ProductRow['interval']): number {
  let at = oneMonthAfter(start);
  if (interval === 'year') for (let i = 1; i < 12; i++) at = oneMonthAfter(at);
  return at;
}

/** What the checkout quote reads. */
export interface QuoteSources {
  commerce: Pick<CommerceService, 'quote'>;
  /** The product row on sale (for its trial days). */
  productRow(productId: number): Promise<ProductRow | undefined>;
  promotions: Pick<Promotions, 'resolvePromotion'>;
  payments: Pick<PaymentProvider, 'defaultCard'>;
  /** The user's customer at the provider, if they have one. */
  customerOf(userId: number): Promise<string | undefined>;
  countryOf: CountryOf;
  vat: VatRates;
  clock: Clock;
  log: Log;
}

/**
 * The terms of buying a product now, as the checkout shows them: the server's product and
 * price, the trial, the promotion code's discount (refused with its reason), what is charged
 * today and at the first charge, when it renews, and the card on file.
 */
export class CheckoutQuotes {
  constructor(private readonly s: QuoteSources) {}

  async quote(userId: number, productId: number, promotionCode: string | undefined): Promise<CheckoutQuote> {
    const country = await this.s.countryOf(userId);
    // The product as sold now (404 when withdrawn, unknown or over), as GET /products/{id} answers.
    const { product } = await this.s.commerce.quote(productId, country, this.s.vat);
    const row = await this.s.productRow(productId);
    const subscription = product.recurring && row?.kind === 'subscription';
    const trialDays = subscription ? (row?.trialDays ?? 0) : 0;
    const promotion =
      promotionCode !== undefined && row ? await this.s.promotions.resolvePromotion(promotionCode, row, userId) : null;
    const firstChargeCents = discountedCents(product.priceCents, promotion, 0);
    const now = this.s.clock.now();
    const firstChargeAt = now + trialDays * DAY_MS;
    return {
      product,
      vat: vatOf(firstChargeCents, country, this.s.vat),
      trialDays,
      discount: promotion
        ? {
            code: promotion.code,
            percentOff: promotion.percentOff,
            amountOffCents: promotion.amountOffCents,
            durationMonths: promotion.durationMonths,
          }
        : null,
      dueTodayCents: trialDays > 0 ? 0 : firstChargeCents,
      firstChargeCents,
      firstChargeAt: new Date(firstChargeAt).toISOString(),
      renewsAt: subscription ? new Date(intervalAfter(firstChargeAt, row?.interval ?? 'month')).toISOString() : null,
      savedCard: await this.savedCard(userId),
    };
  }

  /** The card on file, when the provider answers; a quote without it is still the quote. */
  private async savedCard(userId: number): Promise<SavedCard | null> {
    const customerId = await this.s.customerOf(userId);
    if (!customerId) return null;
    try {
      const card = await this.s.payments.defaultCard(customerId);
      return card ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null;
    } catch (error) {
      this.s.log.warn({ err: error }, 'checkout quote: the card on file could not be read');
      return null;
    }
  }
}

/** POST /purchases/quote (signed in; refused when this server sells nothing). */
export async function quoteRoutes(
  app: FastifyInstance,
  quotes: CheckoutQuotes,
  auth: Authenticator,
  selling: boolean,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refuseWhenOff = async () => {
    if (!selling) throw forbidden(PURCHASES_UNAVAILABLE);
  };
  api.post(
    '/purchases/quote',
    {
      schema: {
        tags: ['commerce'],
        summary:
          'Las condiciones de comprar un producto ahora: precio del servidor, IVA, prueba gratuita, descuento del código promocional, primer cobro, renovación y tarjeta guardada',
        body: checkoutQuoteRequestSchema,
        response: { 200: checkoutQuoteSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
      onRequest: [auth.requireUser, refuseWhenOff],
    },
    async (request, reply) => {
      noStore(reply);
      return quotes.quote(auth.userOf(request).userId, request.body.productId, request.body.promotionCode);
    },
  );
}
