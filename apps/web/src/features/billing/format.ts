import type { OwnedPurchase, PpvSubsProduct } from '@pantalla/contracts';

/** Each language's date conventions (en: Ireland's, as the prices). */
const LOCALES: Record<string, string> = { es: 'es-ES', en: 'en-IE', de: 'de-DE' };

function localeOf(language: string): string {
  return LOCALES[language.slice(0, 2)] ?? 'es-ES';
}

/** A day as the language writes it: es '5 de enero de 2027', en '5 January 2027', de '5. Januar 2027'; '' when invalid. */
export function formatDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** A short day for lists: es '05/01/2027', en '05/01/2027', de '05.01.2027'. */
export function formatShortDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    date,
  );
}

/** 'visa' → 'Visa', 'amex' → 'American Express': as the card says it. */
export function brandName(brand: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  return names[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** The expiry as printed on the card: '04/29'. */
export function expiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year).slice(-2)}`;
}

/** A VAT rate as the language writes it: '21 %' (es, de), '21%' (en). */
export function ratePercent(rate: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 2 })
    .format(rate / 100)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * Where a subscription may switch to: the other monthly products. A dearer one is an upgrade,
 * which the server applies at once with proration; any other waits for the renewal.
 */
export function switchTargets(
  purchase: OwnedPurchase,
  products: readonly PpvSubsProduct[],
): { product: PpvSubsProduct; upgrade: boolean }[] {
  return products
    .filter((p) => p.recurring && p.interval === 'month' && p.packageID !== purchase.packageId)
    .map((product) => ({ product, upgrade: product.priceCents > purchase.priceCents }));
}
