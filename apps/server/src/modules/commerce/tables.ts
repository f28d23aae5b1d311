import type { Generated, Selectable } from 'kysely';

/** A package of content: basic, a premium add-on, or one pay-per-view event. */
export interface PackageTable {
  id: number;
  name: string;
  description: string;
  kind: 'basic' | 'premium' | 'ppv';
  createdAt: number;
}
export type PackageRow = Selectable<PackageTable>;

/** A product on sale: a subscription to a package or one PPV event. Ids are chosen by us (product id = package id). */
export interface ProductTable {
  id: number;
  packageId: number;
  kind: 'subscription' | 'ppv';
  title: string;
  subtitle: string;
  priceCents: number;
  currency: string;
  /** Sale window start (subscriptions) or the event's start (PPV), epoch ms. */
  fcIni: number;
  fcEnd: number | null;
  recurring: number;
  interval: 'month' | 'year' | null;
  eventId: number | null;
  channelId: number | null;
  active: number;
  /** Free days before a subscription's first charge (0: none). */
  trialDays: Generated<number>;
  /** The provider's Price new subscriptions are made with (null: an inline price of priceCents). */
  providerPriceId: Generated<string | null>;
  /** Grows with each price change at the console (compare-and-set). */
  priceVersion: Generated<number>;
}
export type ProductRow = Selectable<ProductTable>;

/** A user owns a package from startsAt until endsAt (null: open-ended). */
export interface EntitlementTable {
  userId: number;
  packageId: number;
  startsAt: number;
  endsAt: number | null;
  /** 'seed' for demo data, 'purchase' when a payment granted it, 'registration'. */
  source: string;
  createdAt: number;
}

export interface CommerceTables {
  packages: PackageTable;
  products: ProductTable;
  entitlements: EntitlementTable;
}

/** The provider's customer of each user (one per user, made at the first purchase). */
export interface PaymentCustomerTable {
  userId: number;
  customerId: string;
  createdAt: number;
}

/**
 * A purchase: pending until the provider confirms its payment, then fulfilled (the package
 * is owned); a subscription stays one purchase across its renewals.
 */
export interface PurchaseTable {
  id: string;
  userId: number;
  productId: number;
  packageId: number;
  kind: 'subscription' | 'ppv';
  title: string;
  subtitle: string;
  amountCents: number;
  currency: string;
  holderName: string;
  customerId: string;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  status: 'pending' | 'fulfilled' | 'failed';
  /** End of what was paid (subscription period or event end), epoch ms; null before fulfilment. */
  paidUntil: number | null;
  cancelAtPeriodEnd: number;
  /** A subscription that ended (cancelled or failed renewal), epoch ms. */
  endedAt: number | null;
  /** A renewal failed: owned until then while the provider retries (epoch ms); null when in good standing. */
  graceUntil: number | null;
  /** A trial's end, when the first charge is made (epoch ms); null without a trial. */
  trialEndsAt: number | null;
  /** A switch to another product waiting for the renewal at pendingEffectiveAt. */
  pendingProductId: number | null;
  pendingEffectiveAt: number | null;
  /** The promotion code applied at checkout, if any. */
  promotionCode: string | null;
  createdAt: number;
  fulfilledAt: number | null;
}
export type PurchaseRow = Selectable<PurchaseTable>;

/** One confirmed payment (the first one or a renewal): its key makes fulfilment happen once. */
export interface PaymentTable {
  paymentKey: string;
  purchaseId: string;
  createdAt: number;
}

/** The purchase log (accounts spec 3), written by the server in the fulfilment's transaction. */
export interface PurchaseLogTable {
  id: string;
  purchaseId: string;
  fcIni: number;
  title: string;
  subtitle: string;
  priceCents: number;
  currency: string;
  userId: number;
  name: string;
  operator: string;
  idPackage: number;
  /** The payment intent's id: its client secret is a credential and is never stored. */
  paymentIntentId: string | null;
  subscriptionId: string | null;
  customerId: string;
  activation: 'OK' | 'FAIL';
  createdAt: number;
}
export type PurchaseLogRow = Selectable<PurchaseLogTable>;

/** Provider events already acted on (a replay does nothing). */
export interface PaymentEventTable {
  eventId: string;
  type: string;
  receivedAt: number;
}

export interface PurchaseTables extends CommerceTables {
  paymentCustomers: PaymentCustomerTable;
  purchases: PurchaseTable;
  payments: PaymentTable;
  purchaseLog: PurchaseLogTable;
  paymentEvents: PaymentEventTable;
  billingEntries: BillingEntryTable;
  billingNotices: BillingNoticeTable;
  receiptCounters: ReceiptCounterTable;
}

/**
 * One line of a subscriber's billing history (issue 26): a payment, a refund or a failed
 * renewal, as it was at the time (title, VAT rate, card, buyer), so a receipt never changes.
 * Kept for accounting when the account is deleted, with the buyer's name and address blanked.
 */
export interface BillingEntryTable {
  /** 'bil_' and 24 hex digits. */
  id: string;
  userId: number;
  purchaseId: string;
  kind: 'payment' | 'refund' | 'failed_renewal';
  /** The fact's key (payment intent, refund or invoice id): unique, so a replayed event records nothing twice. */
  factKey: string;
  at: number;
  productTitle: string;
  amountCents: number;
  currency: string;
  vatCountry: string;
  /** Percent at the time (21 for Spain's 21 %). */
  vatRate: number;
  vatCents: number;
  methodBrand: string | null;
  methodLast4: string | null;
  periodFrom: number | null;
  periodTo: number | null;
  /** 'PAN-2026-000123': payments and refunds only, sequential per year, never reused. */
  receiptNumber: string | null;
  buyerName: string;
  buyerEmail: string;
}
export type BillingEntryRow = Selectable<BillingEntryTable>;

/** Facts mailed without a history line (cancelled, ended, trial ending): their key makes the mail go once. */
export interface BillingNoticeTable {
  factKey: string;
  userId: number;
  kind: string;
  at: number;
}

/** The last receipt number given in each year. */
export interface ReceiptCounterTable {
  year: number;
  last: number;
}
