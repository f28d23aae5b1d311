import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './operator';
import { openStreamSchema } from './playback';
import { requestString } from './text';

/** GET /operator/subscribers: e-mail, name or surname prefix (accents and case ignored), or an exact id. */
export const subscriberSearchQuerySchema = z.object({
  q: requestString().trim().max(120).default(''),
  cursor: pageCursorSchema.optional(),
  limit: pageLimitSchema,
});
export type SubscriberSearchQuery = z.infer<typeof subscriberSearchQuerySchema>;

/** One account found. */
export const subscriberHitSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  /** Epoch ms. */
  createdAt: z.number().int(),
  locked: z.boolean(),
});
export type SubscriberHit = z.infer<typeof subscriberHitSchema>;
export const subscriberSearchPageSchema = pageSchema(subscriberHitSchema);
export type SubscriberSearchPage = z.infer<typeof subscriberSearchPageSchema>;

/** /operator/subscribers/{userId}... */
export const subscriberParamsSchema = z.object({ userId: idParamSchema });

/** The account's own facts. Times are epoch ms. */
export const subscriberAccountSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  regionId: z.number().int(),
  /** ISO 3166-1 alpha-2 given at sign-up; null when none. */
  country: z.string().nullable(),
  /** es, en, de: the app's language when last known. */
  language: z.string().nullable(),
  createdAt: z.number().int(),
  emailConfirmedAt: z.number().int().nullable(),
  lockedAt: z.number().int().nullable(),
});
export type SubscriberAccount = z.infer<typeof subscriberAccountSchema>;

export const subscriberProfileSchema = z.object({
  id: idSchema,
  name: z.string(),
  isAdult: z.boolean(),
  createdAt: z.number().int(),
});
export type SubscriberProfile = z.infer<typeof subscriberProfileSchema>;

/** Where an entitlement came from: 'registration', 'purchase', 'grant' (an operator), 'seed' (demo data); other values may come. */
export const subscriberPackageSchema = z.object({
  packageId: z.number().int(),
  name: z.string(),
  source: z.string(),
  startsAt: z.number().int(),
  /** null: open-ended. */
  endsAt: z.number().int().nullable(),
  /** Owned now (started, not ended). */
  active: z.boolean(),
});
export type SubscriberPackage = z.infer<typeof subscriberPackageSchema>;

/** A purchase: a PPV event or a subscription (one purchase across its renewals). */
export const subscriberPurchaseSchema = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'ppv']),
  title: z.string(),
  packageId: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'fulfilled', 'failed']),
  createdAt: z.number().int(),
  paidUntil: z.number().int().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  endedAt: z.number().int().nullable(),
  refunded: z.boolean(),
});
export type SubscriberPurchase = z.infer<typeof subscriberPurchaseSchema>;
export const subscriberPurchasePageSchema = pageSchema(subscriberPurchaseSchema);
export type SubscriberPurchasePage = z.infer<typeof subscriberPurchasePageSchema>;
/** GET /operator/subscribers/{userId}/purchases: the pages after the subscriber page's first. */
export const subscriberPurchasesQuerySchema = z.object({ cursor: pageCursorSchema.optional(), limit: pageLimitSchema });

/** A device the account played on (from its streams), most recent first. */
export const subscriberDeviceSchema = z.object({
  device: z.string(),
  lastSeenAt: z.number().int(),
  streams: z.number().int(),
});
export type SubscriberDevice = z.infer<typeof subscriberDeviceSchema>;

/** A sign-in (one refresh-token family): when, last refreshed, remembered, still live. */
export const subscriberSignInSchema = z.object({
  at: z.number().int(),
  lastUsedAt: z.number().int(),
  persistent: z.boolean(),
  live: z.boolean(),
});
export type SubscriberSignIn = z.infer<typeof subscriberSignInSchema>;

/** The most recent sign-ins the page shows. */
export const SUBSCRIBER_SIGN_INS_MAX = 20;
/** The purchases on the page's first load; the rest by the purchases route. */
export const SUBSCRIBER_PURCHASES_FIRST = 20;

/** GET /operator/subscribers/{userId}: the subscriber's page, every list bounded. */
export const subscriberPageSchema = z.object({
  account: subscriberAccountSchema,
  profiles: z.array(subscriberProfileSchema),
  packages: z.array(subscriberPackageSchema),
  purchases: subscriberPurchasePageSchema,
  streams: z.array(openStreamSchema),
  devices: z.array(subscriberDeviceSchema),
  signIns: z.array(subscriberSignInSchema),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;
