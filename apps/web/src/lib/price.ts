import i18next from 'i18next';

/** The number conventions of each table's language (en: Ireland's, a euro country). */
const LOCALES: Record<string, string> = { es: 'es-ES', en: 'en-IE', de: 'de-DE' };

/**
 * A price in cents as the user's language writes it: es '9,99 €', en '€9.99', de '9,99 €'.
 * The one price formatter: every screen that shows money calls it (issue 26).
 */
export function formatPrice(cents: number, currency: string, language: string = i18next.language || 'es'): string {
  const locale = LOCALES[language.slice(0, 2)] ?? LOCALES.es;
  try {
    // Intl separates the sign with a no-break space; a plain one reads, searches and matches as people type it.
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
      .format(cents / 100)
      .replace(/[\u00a0\u202f]/g, ' ');
  } catch {
    // A currency code Intl does not know: the amount and the code.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
