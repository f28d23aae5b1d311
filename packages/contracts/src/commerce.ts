import { z } from 'zod';
import { requestString } from './text';
import { formMessage } from './errors';
import { idParamSchema } from './ids';

/** The package every subscriber has: the basic channels and the free catalogue. */
export const BASIC_PACKAGE_ID = 1;

/** What a package is: the basic tier, a premium add-on, or one pay-per-view event. */
export const packageKindSchema = z.enum(['basic', 'premium', 'ppv']);
export type PackageKind = z.infer<typeof packageKindSchema>;

/** A package of content a user may own. */
export const packageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  kind: packageKindSchema,
});
export type Package = z.infer<typeof packageSchema>;

/** Billing interval of a recurring product. */
export const intervalSchema = z.enum(['month', 'year']);

/**
 * A pay-per-view or subscription product, in the spec's wire names. `price` is the text
 * the UI shows (comma decimal, '4,99'); `priceCents` is what the server charges.
 * fcIni/fcEnd are ISO 8601 instants (UTC); for a PPV event they are its start and end.
 */
export const ppvSubsProductSchema = z.object({
  id: z.number().int(),
  packageID: z.number().int(),
  price: z.string(),
  priceCents: z.number().int(),
  curr: z.string(),
  fcIni: z.string(),
  fcEnd: z.string().nullable(),
  title: z.string(),
  subtitle: z.string(),
  recurring: z.boolean(),
  /** Billing interval of a recurring product; null for a one-off purchase. */
  interval: intervalSchema.nullable(),
  /** The event a PPV product sells; null for subscriptions. */
  evID: z.number().int().nullable(),
  /** The channel the PPV event airs on; null for subscriptions. */
  channelId: z.number().int().nullable(),
});
export type PpvSubsProduct = z.infer<typeof ppvSubsProductSchema>;

/** VAT included in a price, at the rate of the account's country (VAT_RATES). */
export const vatSchema = z.object({
  /** ISO 3166-1 country whose rate applies. */
  country: z.string(),
  /** Percent, e.g. 21. */
  ratePercent: z.number(),
  /** The VAT part of the price (prices include VAT), in cents. */
  includedCents: z.number().int(),
});
export type Vat = z.infer<typeof vatSchema>;

/**
 * GET /api/v1/products/{productId} (signed in): one product as the server sells it now, with
 * the VAT its price includes for this account. What the summary and checkout show; 404 when
 * nothing by that id is on sale.
 */
export const productQuoteSchema = z.object({ product: ppvSubsProductSchema, vat: vatSchema });
export type ProductQuote = z.infer<typeof productQuoteSchema>;
export const productIdParamsSchema = z.object({ productId: idParamSchema });

/** GET /api/v1/productosppv (alias /api/v1/epg_files/productosppv.json): every product on sale. */
export const ppvSubsProductsResponseSchema = z.object({ ppvSubsProducts: z.array(ppvSubsProductSchema) });
export type PpvSubsProductsResponse = z.infer<typeof ppvSubsProductsResponseSchema>;

/**
 * Whether the signed-in user may watch an item: the package it belongs to, whether the
 * user owns that package and, when not, the id of the product that sells it (one of
 * GET /productosppv's; null when owned or when nothing sells it). Ids keep long lists small.
 */
export const accessSchema = z.object({
  packageId: z.number().int(),
  owned: z.boolean(),
  productId: z.number().int().nullable(),
});
export type Access = z.infer<typeof accessSchema>;

/** GET /api/v1/packages: every package, with the ids the user owns. */
export const packagesResponseSchema = z.object({
  resources: z.array(packageSchema),
  ownedPackageIds: z.array(z.number().int()),
});
export type PackagesResponse = z.infer<typeof packagesResponseSchema>;

/** The spec's text when the payment provider cannot be reached (accounts spec 8). */
export const PAYMENT_CONNECTIVITY_ERROR = 'Error de conectividad, por favor intenta de nuevo más tarde!';

/** POST /api/v1/purchases: start buying a product. Only its id: the server decides the price. */
export const startPurchaseRequestSchema = z.object({
  productId: z.number().int().positive(),
  /** 'Nombre y apellidos del titular'. */
  holderName: requestString().trim().min(1, formMessage('Introduce el nombre y apellidos del titular')).max(120),
  /** Pay with the card on file (confirmed by the server, no card field). */
  useSavedCard: z.boolean().optional(),
  /** Keep the card typed now for later purchases and renewals. */
  saveCard: z.boolean().optional(),
  /** A promotion code (checked by the server again; refused with 400 when not valid for this product). */
  promotionCode: requestString()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /** Issue 30: from a kids profile, the account password (the server checks it; without it the purchase is refused). */
  accountPassword: requestString().max(1024).optional(),
});
export type StartPurchaseRequest = z.infer<typeof startPurchaseRequestSchema>;

/** What the card field needs to confirm the payment with the provider. */
export const startPurchaseResponseSchema = z.object({
  purchaseId: z.string(),
  /** The provider's secret for confirming this one payment in the card field (never logged). */
  clientSecret: z.string(),
  /** The provider's card field, served from its own origin path. */
  cardFormUrl: z.string(),
  /** What is charged: the server's price, whatever the purchase link said. */
  amountCents: z.number().int(),
  currency: z.string(),
  /** The provider's name, for the fail text. */
  provider: z.string(),
  /**
   * 'card_field': confirm in the card field with clientSecret. 'confirmed': the server already
   * charged the card on file (or started a trial that charges nothing today); call confirm.
   */
  next: z.enum(['card_field', 'confirmed']),
});
export type StartPurchaseResponse = z.infer<typeof startPurchaseResponseSchema>;

/** Where a purchase stands: waiting for the provider, fulfilled (the package is owned) or failed. */
export const purchaseStatusSchema = z.enum(['pending', 'fulfilled', 'failed']);
export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;

/** POST /api/v1/purchases/{purchaseId}/confirm: the server asks the provider and fulfils once. */
export const confirmPurchaseResponseSchema = z.object({
  purchaseId: z.string(),
  status: purchaseStatusSchema,
  packageId: z.number().int(),
});
export type ConfirmPurchaseResponse = z.infer<typeof confirmPurchaseResponseSchema>;

export const purchaseIdParamsSchema = z.object({ purchaseId: requestString().regex(/^pur_[A-Za-z0-9]{8,40}$/) });

/** How a subscription stands, as the subscriber reads it. */
export const subscriptionStateSchema = z.enum(['trialing', 'active', 'past_due', 'cancelled', 'ended']);
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** A subscription's pending change to another product (takes effect at renewal). */
export const pendingSwitchSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  priceCents: z.number().int(),
  effectiveAt: z.string(),
});

/** One of the user's purchases as the account page lists it. Instants are ISO 8601 (UTC). */
export const ownedPurchaseSchema = z.object({
  purchaseId: z.string(),
  packageId: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  kind: z.enum(['subscription', 'ppv']),
  priceCents: z.number().int(),
  currency: z.string(),
  purchasedAt: z.string(),
  /** End of the paid period (subscription) or of the event (PPV). */
  endsAt: z.string().nullable(),
  /**
   * A subscription: trialing (first charge at trialEndsAt), active (renews at renewsAt),
   * past_due (a renewal failed; owned until graceUntil while retried), cancelled (ends at
   * endsAt, can be reactivated until then) or ended. A PPV purchase: active or ended.
   */
  state: subscriptionStateSchema,
  /** When it is charged next; null when it will not be. */
  renewsAt: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  graceUntil: z.string().nullable(),
  pendingSwitch: pendingSwitchSchema.nullable(),
});
export type OwnedPurchase = z.infer<typeof ownedPurchaseSchema>;

/** GET /api/v1/purchases: the user's subscriptions and pay-per-view purchases. */
export const purchasesResponseSchema = z.object({
  subscriptions: z.array(ownedPurchaseSchema),
  ppv: z.array(ownedPurchaseSchema),
});
export type PurchasesResponse = z.infer<typeof purchasesResponseSchema>;

/** GET /api/v1/payments/card-field: where the provider's card field is served, and who to contact on failure. */
export const cardFieldResponseSchema = z.object({ cardFormUrl: z.string(), provider: z.string() });
export type CardFieldResponse = z.infer<typeof cardFieldResponseSchema>;

/**
 * GET /api/v1/payments/status (public): whether this server sells, and whether its payments are
 * the test sandbox on a production (staging) server, which every page then says in its footer.
 */
export const paymentsStatusSchema = z.object({ purchases: z.boolean(), stagingSandbox: z.boolean() });
export type PaymentsStatus = z.infer<typeof paymentsStatusSchema>;
/** A purchase asked of a server that sells nothing (production without a payment provider). */
export const PURCHASES_UNAVAILABLE = 'Las compras no están disponibles en este servidor.';
