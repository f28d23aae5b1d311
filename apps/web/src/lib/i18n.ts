import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The tables the toggle offers; Spanish is what a user sees first. */
export const LANGUAGES = ['es', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** The spec names English the default table; here it is the fallback for a missing key. */
export const FALLBACK_LANGUAGE: Language = 'en';
const STORAGE_KEY = 'pantalla.language';

/**
 * Every src/locales/{lng}/{namespace}.json, so a feature adds a namespace by adding files.
 * Spanish is in the first download; English and German are fetched when a user chooses
 * them (or had), which keeps the home's JavaScript under its ceiling.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/es/*.json', { eager: true, import: 'default' });
const lazyFiles = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/es/*.json'], { import: 'default' });

export function buildResources(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [file, table] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    resources[lng] = { ...resources[lng], [ns]: table };
  }
  return resources;
}

export const resources = buildResources(files);
export const namespaces = [...new Set(Object.values(resources).flatMap((tables) => Object.keys(tables)))];

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Fetches a language's tables and adds them, unless they are here already. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (i18next.hasResourceBundle(lng, 'common')) return;
  const wanted = Object.entries(lazyFiles).filter(([file]) => file.includes(`/locales/${lng}/`));
  const loaded = await Promise.all(wanted.map(async ([file, load]) => [file, await load()] as const));
  for (const [namespace, table] of Object.entries(buildResources(Object.fromEntries(loaded))[lng] ?? {})) {
    i18next.addResourceBundle(lng, namespace, table, true, true);
  }
}

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Storage may be blocked (privacy mode); the default is fine.
    return DEFAULT_LANGUAGE;
  }
}

void i18next.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
  partialBundledLanguages: true,
});

/** Resolves once the tables of the language the app starts in are here (at once for Spanish). */
export const languageReady: Promise<void> = loadLanguage(i18next.language as Language).catch((error: unknown) => {
  // Offline or a failed chunk: Spanish, which is always here.
  console.warn('Language tables failed to load', error);
  return i18next.changeLanguage(DEFAULT_LANGUAGE).then(() => undefined);
});

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncDocumentLanguage(i18next.language);
i18next.on('languageChanged', syncDocumentLanguage);

/** Switches the tables and remembers the choice on this device. */
export async function setLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lng);
  } catch {
    // Not persisted, still switched.
  }
  await i18next.changeLanguage(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { i18next as i18n };
