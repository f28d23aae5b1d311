import type { Selectable } from 'kysely';

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
