import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './operator';
import { requestString } from './text';

/**
 * The console's products and prices (issue 27): subscriptions and pay-per-view events, their
 * sale window, and a price change that applies to new purchases only (existing subscriptions
 * keep renewing at the provider Price they were made with).
 */
export const operatorProductKindSchema = z.enum(['subscription', 'ppv']);
export type OperatorProductKind = z.infer<typeof operatorProductKindSchema>;

/** GET /operator/products: filtered by kind, searched by title, a page at a time (newest id first). */
export const operatorProductsQuerySchema = z
  .object({
    kind: operatorProductKindSchema.optional(),
    q: requestString().trim().max(100).optional(),
    cursor: pageCursorSchema.optional(),
    limit: pageLimitSchema,
  })
  .strict();
export type OperatorProductsQuery = z.infer<typeof operatorProductsQuerySchema>;

/** One product as the console lists it. */
export const operatorProductSchema = z.object({
  id: idSchema,
  kind: operatorProductKindSchema,
  title: z.string(),
  packageId: idSchema,
  packageName: z.string(),
  /** The price new purchases pay, in cents. */
  priceCents: z.number().int(),
  currency: z.string(),
  interval: z.enum(['month', 'year']).nullable(),
  /** Sale window (epoch ms): from (a PPV event's start) until (null: open-ended). */
  saleFrom: z.number().int(),
  saleUntil: z.number().int().nullable(),
  active: z.boolean(),
  /** The provider's Price new purchases are made with; null until the first change (inline prices). */
  providerPriceId: z.string().nullable(),
  /** Grows by one with each price change: what a change compares and sets. */
  priceVersion: z.number().int().nonnegative(),
});
export type OperatorProduct = z.infer<typeof operatorProductSchema>;

export const operatorProductsPageSchema = pageSchema(operatorProductSchema);
export type OperatorProductsPage = z.infer<typeof operatorProductsPageSchema>;

/** One price change: from `at`, new purchases paid `amountCents` instead of `previousCents`. */
export const operatorProductPriceSchema = z.object({
  version: z.number().int().nonnegative(),
  amountCents: z.number().int(),
  currency: z.string(),
  previousCents: z.number().int(),
  previousCurrency: z.string(),
  providerPriceId: z.string().nullable(),
  at: z.number().int(),
  /** The operator who changed it. */
  actorEmail: z.string(),
});
export type OperatorProductPrice = z.infer<typeof operatorProductPriceSchema>;

/** A package a product may sell (the edit form's choices). */
export const operatorPackageChoiceSchema = z.object({
  id: idSchema,
  name: z.string(),
  kind: z.enum(['basic', 'premium', 'ppv']),
});

/** GET /operator/products/{productId}: the product, its price history (newest first) and the packages it may sell. */
export const operatorProductDetailSchema = z.object({
  product: operatorProductSchema,
  prices: z.array(operatorProductPriceSchema),
  packages: z.array(operatorPackageChoiceSchema),
});
export type OperatorProductDetail = z.infer<typeof operatorProductDetailSchema>;

export const operatorProductParamsSchema = z.object({ productId: idParamSchema });

const epochMs = z.number().int().min(0).max(8_640_000_000_000_000);

/** PATCH /operator/products/{productId}: title, package, sale window (admin; audited). */
export const operatorProductPatchSchema = z
  .object({
    title: requestString().trim().min(1).max(200).optional(),
    packageId: idSchema.optional(),
    saleFrom: epochMs.optional(),
    saleUntil: epochMs.nullable().optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'Nada que cambiar.' })
  .refine(
    (p) => p.saleFrom === undefined || p.saleUntil === undefined || p.saleUntil === null || p.saleUntil > p.saleFrom,
    {
      message: 'El final de la venta debe ser posterior a su inicio.',
      path: ['saleUntil'],
    },
  );
export type OperatorProductPatch = z.infer<typeof operatorProductPatchSchema>;

/** The currencies a price may be set in at the console. */
export const PRODUCT_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;

/** Largest price the console accepts (10,000.00). */
export const PRODUCT_PRICE_MAX_CENTS = 1_000_000;

/**
 * POST /operator/products/{productId}/price (admin, password in the last 5 minutes): the
 * price NEW purchases pay. `expectedVersion` is the priceVersion the form showed: a second
 * click of the same change answers the first's result; a change over someone else's is 409.
 */
export const operatorPriceChangeSchema = z
  .object({
    amountCents: z.number().int().min(1).max(PRODUCT_PRICE_MAX_CENTS),
    currency: z.enum(PRODUCT_CURRENCIES),
    expectedVersion: z.number().int().nonnegative(),
  })
  .strict();
export type OperatorPriceChange = z.infer<typeof operatorPriceChangeSchema>;

/** Longest range of the sales chart, in days. */
export const SALES_RANGE_MAX_DAYS = 400;
const dayString = requestString().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /operator/products/{productId}/sales?from&to: UTC days, both included. */
export const operatorSalesQuerySchema = z.object({ from: dayString, to: dayString }).strict();
export type OperatorSalesQuery = z.infer<typeof operatorSalesQuerySchema>;

/** Sales (purchases paid, by the day they were paid) of one UTC day; days without sales say 0. */
export const operatorSalesDaySchema = z.object({
  day: z.string(),
  at: z.number().int(),
  count: z.number().int(),
  grossCents: z.number().int(),
});
export const operatorSalesSchema = z.object({
  currency: z.string(),
  days: z.array(operatorSalesDaySchema),
  totalCount: z.number().int(),
  totalGrossCents: z.number().int(),
});
export type OperatorSales = z.infer<typeof operatorSalesSchema>;
