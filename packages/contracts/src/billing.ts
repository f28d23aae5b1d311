import { z } from 'zod';
import { requestString } from './text';
import { formMessage } from './errors';
import { ppvSubsProductSchema, vatSchema } from './commerce';

/**
 * Billing a subscriber can trust (issue 26): the card on file, the terms at checkout
 * (trial, promotion code, VAT), subscription changes, the billing history with receipts.
 * Money is always the server's: cents and ISO 4217 currency; instants ISO 8601 (UTC).
 */

/** A saved card as the subscriber sees it: never more than brand, last four and expiry. */
export const savedCardSchema = z.object({
  /** 'visa', 'mastercard', 'amex', ... (Stripe's brand names). */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** GET /api/v1/payments/card: the card on file, or null. */
export const cardOnFileResponseSchema = z.object({ card: savedCardSchema.nullable() });
export type CardOnFileResponse = z.infer<typeof cardOnFileResponseSchema>;

/**
 * POST /api/v1/payments/card/setup: starts saving or replacing the card (a setup intent);
 * the card field confirms it with this secret, then the app calls .../card/confirm.
 */
export const cardSetupResponseSchema = z.object({
  setupIntentId: z.string(),
  clientSecret: z.string(),
  cardFormUrl: z.string(),
  provider: z.string(),
});
export type CardSetupResponse = z.infer<typeof cardSetupResponseSchema>;

/** POST /api/v1/payments/card/confirm: the server asks the provider, makes the card the default and retries what a failed renewal left unpaid. */
export const cardConfirmRequestSchema = z.object({ setupIntentId: requestString().regex(/^seti_[A-Za-z0-9]{8,64}$/) });
export const cardConfirmResponseSchema = z.object({
  card: savedCardSchema.nullable(),
  /** Subscriptions in their grace period that the new card paid (ids of purchases). */
  recovered: z.array(z.string()),
});
export type CardConfirmResponse = z.infer<typeof cardConfirmResponseSchema>;

/** A promotion code as typed at checkout (case-insensitive, Stripe's alphabet). */
export const promotionCodeSchema = requestString()
  .trim()
  .min(1, formMessage('Introduce el código promocional'))
  .max(40, formMessage('El código promocional no es válido'))
  .regex(/^[A-Za-z0-9_-]+$/, formMessage('El código promocional no es válido'));

/** What a promotion code takes off. */
export const discountSchema = z.object({
  code: z.string(),
  /** One of the two: a percentage or a fixed amount (cents) off each charge it covers. */
  percentOff: z.number().nullable(),
  amountOffCents: z.number().int().nullable(),
  /** For how many monthly charges it applies (1 for a one-off purchase); null: forever. */
  durationMonths: z.number().int().nullable(),
});
export type Discount = z.infer<typeof discountSchema>;

/** POST /api/v1/purchases/quote: the terms of buying a product now, with a promotion code when typed. */
export const checkoutQuoteRequestSchema = z.object({
  productId: z.number().int().positive(),
  promotionCode: promotionCodeSchema.optional(),
});
export type CheckoutQuoteRequest = z.infer<typeof checkoutQuoteRequestSchema>;

export const checkoutQuoteSchema = z.object({
  product: ppvSubsProductSchema,
  /** VAT included in the first charge, at the account country's rate. */
  vat: vatSchema,
  /** Free days before the first charge (card required); 0 when the product has no trial. */
  trialDays: z.number().int(),
  discount: discountSchema.nullable(),
  /** Charged today (0 during a trial). */
  dueTodayCents: z.number().int(),
  /** The first charge's amount (after a trial, with the discount when it covers it). */
  firstChargeCents: z.number().int(),
  /** When the first charge happens: now, or the trial's end. */
  firstChargeAt: z.string(),
  /** A subscription: when it renews after the first charge; null for a one-off purchase. */
  renewsAt: z.string().nullable(),
  /** The card on file the purchase may use, if any. */
  savedCard: savedCardSchema.nullable(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

/** POST /api/v1/purchases/{purchaseId}/switch: to another monthly product (an upgrade at once with proration; otherwise at renewal). */
export const switchSubscriptionRequestSchema = z.object({ productId: z.number().int().positive() });
export type SwitchSubscriptionRequest = z.infer<typeof switchSubscriptionRequestSchema>;

/** One line of the billing history: a payment, a refund or a failed renewal. */
export const billingEntryKindSchema = z.enum(['payment', 'refund', 'failed_renewal']);
export type BillingEntryKind = z.infer<typeof billingEntryKindSchema>;

export const billingEntrySchema = z.object({
  id: z.string(),
  kind: billingEntryKindSchema,
  at: z.string(),
  purchaseId: z.string(),
  productTitle: z.string(),
  /** Positive for a payment or failed renewal (what was asked), positive for a refund (what was returned). */
  amountCents: z.number().int(),
  currency: z.string(),
  vat: vatSchema,
  /** The card used, when known. */
  method: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Payments and refunds have a receipt; a failed renewal has none. */
  receipt: z.boolean(),
});
export type BillingEntry = z.infer<typeof billingEntrySchema>;

/** GET /api/v1/billing/history?cursor=&limit=: newest first, paginated on the server. */
export const billingHistoryQuerySchema = z.object({
  cursor: requestString().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const billingHistoryResponseSchema = z.object({
  entries: z.array(billingEntrySchema),
  nextCursor: z.string().nullable(),
});
export type BillingHistoryResponse = z.infer<typeof billingHistoryResponseSchema>;

export const billingEntryParamsSchema = z.object({ entryId: requestString().regex(/^bil_[A-Za-z0-9]{8,40}$/) });

/** GET /api/v1/billing/receipts/{entryId}: a receipt to open and print. */
export const receiptSchema = z.object({
  /** The receipt's number, unique and never reused. */
  number: z.string(),
  kind: z.enum(['payment', 'refund']),
  issuedAt: z.string(),
  /** From configuration (OPERATOR_LEGAL_NAME, OPERATOR_TAX_ID, OPERATOR_ADDRESS). */
  seller: z.object({ name: z.string(), taxId: z.string(), address: z.string() }),
  buyer: z.object({ name: z.string(), email: z.string() }),
  description: z.string(),
  /** Total with VAT. */
  totalCents: z.number().int(),
  currency: z.string(),
  vat: vatSchema,
  method: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** A subscription charge: the period it pays. */
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** GET /api/v1/billing/alert (in its own file: the home reads it on every screen). */
export { billingAlertSchema, type BillingAlert } from './billing-alert';

/** POST /api/v1/account/email: asks to change the sign-in address (a link goes to the new one). */
export const emailChangeRequestSchema = z.object({
  email: requestString().trim().toLowerCase().email(formMessage('Introduce un correo electrónico válido')).max(254),
  password: requestString().min(1, formMessage('Introduce tu contraseña')).max(200),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** POST /api/v1/account/email/confirm: the token from the link mailed to the new address. */
export const emailChangeConfirmSchema = z.object({ token: requestString().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const emailChangeConfirmResponseSchema = z.object({ email: z.string() });
/** GET /api/v1/account/email: the account's address and the change waiting for its link, if any. */
export const emailChangeStatusSchema = z.object({
  email: z.string(),
  pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type EmailChangeStatus = z.infer<typeof emailChangeStatusSchema>;

/** Answers of the e-mail change (ours; the app shows each in its language). */
export const EMAIL_CHANGE_MESSAGES = {
  /** 200 of the request, whether or not the address belongs to another account (that account's owner is told instead). */
  sent: 'Te hemos enviado un enlace a la nueva dirección. Ábrelo en las próximas 24 horas para confirmar el cambio.',
  same: 'Esa ya es la dirección de tu cuenta.',
  linkInvalid: 'El enlace para cambiar el correo electrónico no es válido, ya se ha usado o ha caducado.',
  /** The confirmation found the address taken meanwhile: the account keeps its address. */
  taken: 'Esa dirección ya pertenece a otra cuenta. Tu correo electrónico no ha cambiado.',
} as const;
for (const text of Object.values(EMAIL_CHANGE_MESSAGES)) formMessage(text);

/** POST /api/v1/admin/purchases/{purchaseId}/refund (operators): all that is left of the latest payment, or `amountCents` of it. */
export const adminRefundRequestSchema = z.object({
  amountCents: z
    .number()
    .int()
    .min(1, formMessage('La cantidad a devolver debe ser positiva'))
    .max(100_000_000)
    .optional(),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;
/** An Idempotency-Key header makes a retried refund return the first one's answer. */
export const adminRefundHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/)
    .optional(),
});
export const adminRefundResponseSchema = z.object({
  refundId: z.string(),
  purchaseId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The payment refunded: what it was, and how much of it is now returned in all. */
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  status: z.string(),
});
export type AdminRefundResponse = z.infer<typeof adminRefundResponseSchema>;
