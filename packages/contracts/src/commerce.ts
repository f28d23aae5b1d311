import { z } from 'zod';

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
