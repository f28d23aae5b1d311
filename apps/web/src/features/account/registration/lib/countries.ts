import { getAlpha2Codes } from 'i18n-iso-countries';

/** One country of the form's list: its ISO 3166-1 alpha-2 code and its name in the app's language. */
export interface Country {
  code: string;
  name: string;
}

/**
 * The ISO 3166-1 countries (about 250, from i18n-iso-countries, kept up to date upstream),
 * named by the browser's CLDR data in the given language (Intl.DisplayNames) and sorted as
 * that language sorts. This module is loaded with the registration form only.
 */
export function countryList(language: string): Country[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  return Object.keys(getAlpha2Codes())
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
