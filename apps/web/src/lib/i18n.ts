import i18next, { type CustomTypeOptions, type Resource } from 'i18next';
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
 * The first download holds only the Spanish tables of what a signed-in user sees first (the
 * layout, the home, the header's search, the login screen); a screen's route fetches its
 * own tables with its code (`loadTables`), and English and German are fetched when a user
 * chooses them (or had). That keeps the home's JavaScript under its ceiling.
 */
// Vite reads globs as written: the first download's namespaces are spelled out in both.
const files = import.meta.glob<Record<string, unknown>>('../locales/es/{common,browse,explore,screens}.json', {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/*.json', '!../locales/es/{common,browse,explore,screens}.json'],
  { import: 'default' },
);

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
/** The namespaces of the first download. */
export const FIRST_NAMESPACES: readonly string[] = Object.freeze(Object.keys(resources[DEFAULT_LANGUAGE] ?? {}));
/** Every namespace there is, in any language. */
export const ALL_NAMESPACES = [
  ...new Set(
    [...Object.keys(files), ...Object.keys(lazyFiles)].flatMap((file) => /\/([^/]+)\.json$/.exec(file)?.[1] ?? []),
  ),
];
/** A table's name, as the typed keys know them. */
export type Namespace = keyof CustomTypeOptions['resources'];

/** The namespaces screens opened so far: a language chosen later fetches all of them. */
const opened = new Set<string>(FIRST_NAMESPACES);

/** Fetches a language's tables of these namespaces and adds them, unless they are here already. */
async function fetchTables(lng: Language, namespaces: Iterable<string>): Promise<void> {
  const wanted = [...namespaces].filter((ns) => !i18next.hasResourceBundle(lng, ns));
  const loaded = await Promise.all(
    wanted.flatMap((ns) => {
      const load = lazyFiles[`../locales/${lng}/${ns}.json`];
      return load ? [load().then((table) => [ns, table] as const)] : [];
    }),
  );
  for (const [ns, table] of loaded) i18next.addResourceBundle(lng, ns, table, true, true);
}

/** Fetches a language's tables (every namespace opened so far, or those given). */
export function loadLanguage(lng: Language, namespaces: Iterable<string> = opened): Promise<void> {
  return fetchTables(lng, namespaces);
}

/** The tables a screen needs, in the language in use: its route awaits them with its code. */
export function loadTables(namespaces: readonly Namespace[]): Promise<void> {
  for (const ns of namespaces) opened.add(ns);
  // The language asked for, whose first tables may still be on their way (not yet resolved).
  return fetchTables(isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE, namespaces);
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
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
  resources: Object.fromEntries(Object.entries(resources).map(([lng, tables]) => [lng, { ...tables }])),
  lng: storedLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Copies: i18next adds to both as tables arrive.
  ns: [...FIRST_NAMESPACES],
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

/**
 * The language chosen. Not i18next's resolvedLanguage: a language whose tables were still on
 * their way when it was chosen (English or German at start) stays unresolved after they arrive.
 */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export { i18next as i18n };
