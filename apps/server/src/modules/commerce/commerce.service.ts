import type { Access, Package, PpvSubsProduct, ProductQuote, Vat } from '@pantalla/contracts';
import { notFound } from '../../platform/errors';
import type { Cache, CacheRegistry } from '../../platform/cache';
import type { Clock } from '../../platform/clock';
import type { CommerceRepository } from './commerce.repository';
import { PPV_PACKAGE_BASE } from './packages';
import type { ProductRow } from './tables';

/** What one user may watch: answers `access` for any package id. */
export interface AccessResolver {
  readonly ownedPackageIds: ReadonlySet<number>;
  /** The owned package ids as text: users with equal keys see equal access marks. */
  readonly key: string;
  access(packageId: number): Access;
}

/** What other modules may ask about a user's rights. */
export interface AccessRights {
  /** The user's packages read now, with the products on sale: for rights (sessions, licences). */
  accessFor(userId: number): Promise<AccessResolver>;
  /** The same for marking listings: a user's packages may be up to MARKS_TTL_MS old. */
  accessForMarking(userId: number): Promise<AccessResolver>;
}

/** What the catalogue asks of commerce when a pay-per-view programme appears. */
export interface PpvOffers {
  /** Puts a PPV event on sale once: its own package and product (product id = package id). Returns the package id. */
  ensurePpvOffer(offer: PpvOffer): Promise<number>;
}

/** Who owns which package: the grants a purchase, a registration or the demo makes. */
export interface Entitlements {
  /** Grants packages from now on, open-ended; packages already owned are left as they are. */
  grant(userId: number, packageIds: readonly number[], source: string): Promise<void>;
  /** Every package's id. */
  packageIds(): Promise<number[]>;
}

/** A PPV event to put on sale. */
export interface PpvOffer {
  eventId: number;
  channelId: number;
  title: string;
  subtitle: string;
  startTime: number;
  endTime: number;
  priceCents: number;
}

/** Products change only when an operator edits them: read at most every few seconds. */
const PRODUCTS_TTL_MS = 5000;
/**
 * How long a user's packages are reused to mark listings as owned or for sale. Rights
 * themselves (sessions, licences) are always read fresh; a grant makes every process forget
 * the user's marks at once (the bus), so this bounds only a grant whose message was lost.
 */
export const MARKS_TTL_MS = 2000;
const PRODUCTS_CACHE = 'commerce.products';
const MARKS_CACHE = 'commerce.marks';
/** Users whose packages are kept for marking at once (the oldest go first). */
const MARKS_MAX_USERS = 10_000;

/** Formats cents as the spec's price text: comma decimal ('4,99'). */
export function priceText(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** VAT rates by country (VAT_RATES); a country not listed, or none, pays the fallback country's. */
export interface VatRates {
  rates: ReadonlyMap<string, number>;
  fallbackCountry: string;
}

/** The VAT a VAT-inclusive price holds at the rate of `country` (rounded to the cent). */
export function vatOf(priceCents: number, country: string | null, vat: VatRates): Vat {
  const listed = country ? country.toUpperCase() : null;
  const applies = listed && vat.rates.has(listed) ? listed : vat.fallbackCountry;
  const ratePercent = vat.rates.get(applies) ?? 0;
  return { country: applies, ratePercent, includedCents: Math.round((priceCents * ratePercent) / (100 + ratePercent)) };
}

/** A product row in the spec's wire form. */
export function toProduct(row: ProductRow): PpvSubsProduct {
  return {
    id: row.id,
    packageID: row.packageId,
    price: priceText(row.priceCents),
    priceCents: row.priceCents,
    curr: row.currency,
    fcIni: new Date(row.fcIni).toISOString(),
    fcEnd: row.fcEnd === null ? null : new Date(row.fcEnd).toISOString(),
    title: row.title,
    subtitle: row.subtitle,
    recurring: row.recurring === 1,
    interval: row.interval,
    evID: row.eventId,
    channelId: row.channelId,
  };
}

/** Packages, products and entitlements: who owns what and what sells the rest. */
export class CommerceService implements AccessRights, PpvOffers, Entitlements {
  private readonly products: Cache<'active', ProductRow[]>;
  private readonly marks: Cache<number, number[]>;

  constructor(
    private readonly clock: Clock,
    private readonly repo: CommerceRepository,
    private readonly caches: CacheRegistry,
  ) {
    this.products = caches.create(PRODUCTS_CACHE, { max: 1, ttlMs: PRODUCTS_TTL_MS });
    this.marks = caches.create(MARKS_CACHE, { max: MARKS_MAX_USERS, ttlMs: MARKS_TTL_MS });
  }

  async listProducts(): Promise<PpvSubsProduct[]> {
    const now = this.clock.now();
    const rows = await this.repo.listActiveProducts();
    // Past PPV events are no longer on sale.
    return rows.filter((r) => r.kind !== 'ppv' || r.fcEnd === null || r.fcEnd > now).map(toProduct);
  }

  /**
   * One product as sold now, with the VAT its price includes for a buyer of `country`: what
   * the summary and checkout show whatever a purchase link says. 404 when withdrawn, unknown
   * or a PPV event already over.
   */
  async quote(productId: number, country: string | null, vat: VatRates): Promise<ProductQuote> {
    const row = await this.repo.findActiveProduct(productId);
    if (!row || (row.kind === 'ppv' && row.fcEnd !== null && row.fcEnd <= this.clock.now()))
      throw notFound('Este producto ya no está a la venta.');
    return { product: toProduct(row), vat: vatOf(row.priceCents, country, vat) };
  }

  async listPackages(): Promise<Package[]> {
    return (await this.repo.listPackages()).map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      kind: p.kind,
    }));
  }

  async packageIds(): Promise<number[]> {
    return (await this.repo.listPackages()).map((p) => p.id);
  }

  async ownedPackageIds(userId: number): Promise<number[]> {
    return this.repo.ownedPackageIds(userId, this.clock.now());
  }

  async grant(userId: number, packageIds: readonly number[], source: string): Promise<void> {
    const now = this.clock.now();
    for (const packageId of packageIds) await this.repo.grant(userId, packageId, now, source);
    // Every process marks listings from this user's packages: each must read them again.
    await this.caches.forget(MARKS_CACHE, userId);
  }

  /** Every process reads the user's packages again (an operator granted or ended one). */
  async rightsChanged(userId: number): Promise<void> {
    this.marks.delete(userId);
    await this.caches.forget(MARKS_CACHE, userId);
  }

  /** Drops this process's cached marks of a user (after a purchase, so the catalogue shows it owned at once). */
  forget(userId: number): void {
    this.marks.delete(userId);
  }

  /**
   * For marking listings: a user's packages are reused for MARKS_TTL_MS, so a page of rows
   * (or a busy guide) does not ask the database once per request.
   */
  async accessForMarking(userId: number): Promise<AccessResolver> {
    return this.resolver(this.marks.get(userId, () => this.repo.ownedPackageIds(userId, this.clock.now())));
  }

  /** Loads the user's packages and the products on sale once, for rights or for marking a whole list. */
  async accessFor(userId: number): Promise<AccessResolver> {
    return this.resolver(this.repo.ownedPackageIds(userId, this.clock.now()));
  }

  private async resolver(ownedIds: Promise<number[]>): Promise<AccessResolver> {
    const [owned, products] = await Promise.all([
      ownedIds,
      this.products.get('active', () => this.repo.listActiveProducts()),
    ]);
    const ownedSet = new Set(owned);
    const productByPackage = new Map<number, number>();
    // Subscriptions first: a package sold both ways offers its subscription.
    for (const p of [...products].sort((a, b) =>
      a.kind === b.kind ? a.id - b.id : a.kind === 'subscription' ? -1 : 1,
    )) {
      if (!productByPackage.has(p.packageId)) productByPackage.set(p.packageId, p.id);
    }
    return {
      ownedPackageIds: ownedSet,
      key: [...ownedSet].sort((a, b) => a - b).join(','),
      access(packageId: number): Access {
        const isOwned = ownedSet.has(packageId);
        return { packageId, owned: isOwned, productId: isOwned ? null : (productByPackage.get(packageId) ?? null) };
      },
    };
  }

  async ensurePpvOffer(offer: PpvOffer): Promise<number> {
    const existing = await this.repo.findPpvProductByEvent(offer.eventId);
    if (existing) return existing.packageId;
    const now = this.clock.now();
    const id = Math.max(PPV_PACKAGE_BASE, (await this.repo.maxPackageId()) + 1);
    await this.repo.ensurePackage({ id, name: `PPV: ${offer.title}`, description: offer.subtitle, kind: 'ppv' }, now);
    await this.repo.ensureProduct({
      id,
      packageId: id,
      kind: 'ppv',
      title: offer.title,
      subtitle: offer.subtitle,
      priceCents: offer.priceCents,
      currency: 'EUR',
      fcIni: offer.startTime,
      fcEnd: offer.endTime,
      recurring: 0,
      interval: null,
      eventId: offer.eventId,
      channelId: offer.channelId,
      active: 1,
    });
    await this.caches.forget(PRODUCTS_CACHE);
    return id;
  }

  /** Every process reads the products on sale again (the console changed one). */
  async productsChanged(): Promise<void> {
    this.products.delete('active');
    await this.caches.forget(PRODUCTS_CACHE);
  }
}
