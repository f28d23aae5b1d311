import { PACKAGE_IDS } from '../../src/modules/commerce';
import { listenOnce } from '../operator-actions-fixtures';
import type { OperatorSamples } from './index';

/** Products and prices: the Adultos subscription (other samples buy other products). */
export const samples: OperatorSamples = {
  'PATCH /api/v1/operator/products/{productId}': async (ctx) => {
    const { title } = await ctx.sql
      .selectFrom('products')
      .select('title')
      .where('id', '=', PACKAGE_IDS.adultos)
      .executeTakeFirstOrThrow();
    return {
      url: `/api/v1/operator/products/${PACKAGE_IDS.adultos}`,
      payload: { title: title.endsWith('.') ? title.slice(0, -1) : `${title}.` },
    };
  },
  'POST /api/v1/operator/products/{productId}/price': async (ctx) => {
    // The provider is reached over HTTP (the sandbox on this server).
    await listenOnce(ctx);
    const product = await ctx.sql
      .selectFrom('products')
      .select(['priceCents', 'currency', 'priceVersion'])
      .where('id', '=', PACKAGE_IDS.adultos)
      .executeTakeFirstOrThrow();
    return {
      url: `/api/v1/operator/products/${PACKAGE_IDS.adultos}/price`,
      payload: {
        amountCents: product.priceCents + 1,
        currency: product.currency,
        expectedVersion: product.priceVersion,
      },
    };
  },
};
