import { describe, expect, it } from 'vitest';
import { PASSWORD_RECOVERY_CONFIRMATION } from '@pantalla/contracts';
import {
  FIRST_NAMESPACES,
  LANGUAGES,
  currentLanguage,
  i18n,
  loadLanguage,
  loadTables,
  resources as firstDownload,
  setLanguage,
} from './i18n';

/** Every language's tables as the app holds them (the test setup loaded all three). */
const resources = i18n.store.data;

/** Untyped lookup: the test walks keys as data, not as the typed key union. */
const fixedT = i18n.getFixedT.bind(i18n) as unknown as (lng: string, ns?: string) => (key: string) => string;

function keys(table: unknown, prefix = ''): string[] {
  if (typeof table !== 'object' || table === null) return [prefix];
  return Object.entries(table)
    .flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    .sort();
}

describe('locale tables', () => {
  const namespaces = Object.keys(resources.es ?? {});

  it('have common and the same namespaces in es, en and de', () => {
    expect(namespaces).toContain('common');
    for (const lng of LANGUAGES) expect(Object.keys(resources[lng] ?? {}).sort()).toEqual([...namespaces].sort());
  });

  it.each(['en', 'de'])('%s has exactly the keys of es, none empty', (lng) => {
    for (const ns of namespaces) {
      expect(keys(resources[lng]?.[ns]), `${lng}/${ns}`).toEqual(keys(resources.es?.[ns]));
      for (const key of keys(resources[lng]?.[ns])) expect(fixedT(lng, ns)(key), `${lng}/${ns}:${key}`).not.toBe('');
    }
  });

  it('holds the whole message catalogue, including the numbered messages', () => {
    const messages = keys(resources.es?.common).filter((k) => k.startsWith('messages.'));
    for (const name of [
      'unknownError',
      'noMoreSessions',
      'noAccessRights',
      'browserNotSupported',
      'sessionExpired',
      'noConcurrentSessionsLeft',
      'adultContentNeedsPin',
      'incorrectEmailOrPassword',
      'networkError',
      'sessionsClosed',
      'errorResettingSessions',
      'internalError',
      'cannotPlay',
      'pinMismatch',
      '19',
      '22',
      '24',
      '29',
      '30',
      '39',
      '50',
      '51',
      '52',
    ])
      expect(messages).toContain(`messages.${name}`);
  });

  it('quotes the spec’s Spanish texts verbatim', async () => {
    await setLanguage('es');
    expect(i18n.t('exceededSessions.title')).toBe('Número de sesiones simultáneas excedido.');
    expect(i18n.t('lostPassword.submit')).toBe('Recuperar contraseña');
    expect(i18n.t('lostPassword.confirmation')).toBe(PASSWORD_RECOVERY_CONFIRMATION);
    expect(i18n.t('messages.sessionExpired')).toBe('Su sesión ha caducado, por favor, inicie sesión de nuevo.');
    expect(i18n.t('messages.noAccessRights')).toBe('No tienes derechos de acceso a este contenido');
    expect(i18n.t('messages.connectivityError')).toBe('Error de conectividad, por favor intenta de nuevo más tarde!');
    expect(i18n.t('messages.playerErrorTitle')).toBe('Error del reproductor');
    expect(fixedT('en')('messages.unknownError')).toBe('Unknown internal error. Please try again later');
    expect(fixedT('en')('messages.pinMismatch')).toBe(
      'The PIN code entered does not match. Please confirm the PIN you entered in the first step',
    );
  });

  it('defaults to Spanish, falls back to English, and remembers the toggle', async () => {
    expect(i18n.options.fallbackLng).toEqual(['en']);
    await setLanguage('de');
    expect(i18n.t('login.submit')).toBe('Anmelden');
    expect(localStorage.getItem('pantalla.language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await setLanguage('es');
    expect(i18n.t('login.submit')).toBe('Iniciar sesión');
  });

  it('says the language chosen before its tables arrived (English at start), not Spanish', async () => {
    const namespaces = Object.keys(i18n.store.data.en ?? {});
    for (const ns of namespaces) i18n.removeResourceBundle('en', ns);
    await i18n.changeLanguage('en');
    await loadLanguage('en', namespaces);
    expect(currentLanguage()).toBe('en');
    await setLanguage('es');
    expect(currentLanguage()).toBe('es');
  });

  it('has Spanish in the first download and fetches English and German when chosen', async () => {
    i18n.removeResourceBundle('de', 'common');
    expect(i18n.hasResourceBundle('de', 'common')).toBe(false);
    await setLanguage('de');
    expect(i18n.hasResourceBundle('de', 'common')).toBe(true);
    expect(i18n.t('login.submit')).toBe('Anmelden');
    await setLanguage('es');
  });

  it('holds only the first screens’ Spanish tables in the first download; a screen fetches its own, and a language chosen later every table opened', async () => {
    expect([...FIRST_NAMESPACES].sort()).toEqual(['browse', 'common', 'explore', 'screens']);
    expect(Object.keys(firstDownload)).toEqual(['es']);
    for (const lng of LANGUAGES) i18n.removeResourceBundle(lng, 'guide');
    await loadTables(['guide']);
    expect(i18n.hasResourceBundle('es', 'guide')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'guide')).toBe(false);
    expect(i18n.t('guide:title')).not.toBe('title');
    await setLanguage('de');
    expect(i18n.hasResourceBundle('de', 'guide')).toBe(true);
    // In German, a screen's tables come in German.
    i18n.removeResourceBundle('de', 'settings');
    await loadTables(['settings']);
    expect(i18n.hasResourceBundle('de', 'settings')).toBe(true);
    await setLanguage('es');
    await Promise.all(LANGUAGES.map((lng) => setLanguage(lng)));
    await setLanguage('es');
  });
});
