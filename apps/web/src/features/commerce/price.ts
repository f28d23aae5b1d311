import { formatPrice } from '../../lib/price';

/** A price in cents as the UI shows it, in the current language ('9,99 €', '€9.99'): the one formatter, lib/price. */
export function priceLabel(cents: number, currency: string, language?: string): string {
  return formatPrice(cents, currency, language);
}
