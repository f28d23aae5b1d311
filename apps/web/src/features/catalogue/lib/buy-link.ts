import type { CatalogueItem, PpvSubsProduct } from '@pantalla/contracts';
import { formatPrice } from '../../../lib/price';
import { purchaseEnd, purchaseHref } from '../../../lib/purchase-links';

export interface BuyOffer {
  product: PpvSubsProduct;
  /** Price as the UI shows it, in the current language: '4,99 €' (es), '€4.99' (en). */
  priceLabel: string;
  href: string;
}

/**
 * What buying an item means: the product that sells its package, with its price and the
 * /purchase/{encoded} link; null when the item is owned or nothing sells it.
 */
export function buyOffer(item: CatalogueItem, products: readonly PpvSubsProduct[] | undefined): BuyOffer | null {
  if (item.access.owned || item.access.productId === null || !products) return null;
  const product = products.find((p) => p.id === item.access.productId);
  if (!product) {
    console.warn(`No product ${item.access.productId} on sale`);
    return null;
  }
  const isEvent = item.type === 'event';
  const start = isEvent && product.evID === item.id ? new Date(item.startTime) : new Date(product.fcIni);
  const eventEnd = isEvent ? new Date(item.endTime) : product.fcEnd ? new Date(product.fcEnd) : null;
  const end = purchaseEnd(start, product.recurring, eventEnd);
  const href = purchaseHref({
    start: start.toISOString(),
    end: end ? end.toISOString() : null,
    title: product.title,
    description: product.subtitle,
    priceCents: product.priceCents,
    currency: product.curr,
    channelId: product.channelId ?? (isEvent ? item.channelId : null),
    packageId: product.packageID,
    recurring: product.recurring,
    interval: product.interval ?? 'month',
  });
  return { product, priceLabel: formatPrice(product.priceCents, product.curr), href };
}

/** A buy button's price with its terms: '9,99 € al mes' for a subscription, '4,99 €, pago único' for a one-off (issue 26). */
export function offerTerms(
  offer: BuyOffer,
  t: (key: 'actions.pricePerMonth' | 'actions.priceOneOff', options: { price: string }) => string,
): string {
  return t(offer.product.recurring ? 'actions.pricePerMonth' : 'actions.priceOneOff', { price: offer.priceLabel });
}

/**
 * What an owned item's label says: a pay-per-view bought on its own (its package sold only
 * one-off) is 'bought', anything else is included in the subscription (issue 26).
 */
export function ownedLabelKey(
  item: CatalogueItem,
  products: readonly PpvSubsProduct[] | undefined,
): 'actions.bought' | 'actions.owned' {
  const selling = (products ?? []).filter((p) => p.packageID === item.access.packageId);
  return selling.length > 0 && selling.every((p) => !p.recurring) ? 'actions.bought' : 'actions.owned';
}
