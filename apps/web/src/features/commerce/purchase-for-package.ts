import type { PpvSubsProduct } from '@pantalla/contracts';
import { purchaseEnd, type PurchaseData } from '../../lib/purchase-links';

/** The product that sells a package: its subscription when there is one, else its PPV event. */
export function productForPackage(products: readonly PpvSubsProduct[], packageId: number): PpvSubsProduct | null {
  const selling = products.filter((p) => p.packageID === packageId);
  return selling.find((p) => p.recurring) ?? selling[0] ?? null;
}

/**
 * The purchase data of a package (the two-step registration's ?product= and
 * /login_confirm/{pr}, both a package id): a subscription starts now and ends a month later;
 * a PPV event runs from its start to its end (accounts spec 9). Null when nothing sells it.
 */
export function purchaseForPackage(
  products: readonly PpvSubsProduct[],
  packageId: number,
  now: Date,
): PurchaseData | null {
  const product = productForPackage(products, packageId);
  if (!product) return null;
  const start = product.recurring ? now : new Date(product.fcIni);
  const end = purchaseEnd(start, product.recurring, product.fcEnd ? new Date(product.fcEnd) : null);
  return {
    start: start.toISOString(),
    end: end ? end.toISOString() : null,
    title: product.title,
    description: product.subtitle,
    priceCents: product.priceCents,
    currency: product.curr,
    channelId: product.channelId,
    packageId: product.packageID,
    recurring: product.recurring,
    interval: product.interval ?? 'month',
  };
}

/** A package id as the routes carry it: digits only, else null. */
export function parsePackageId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
