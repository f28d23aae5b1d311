import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES, REGISTRATION_REFUSALS, SPORTS } from '@pantalla/contracts';
import { i18n } from '../../../../lib/i18n';

const resources = i18n.store.data;
import { countryList } from './countries';
import { messageKey } from './message-key';

const es = (key: string, options?: Record<string, string>) =>
  (i18n.getFixedT('es', 'registration') as unknown as (k: string, o?: object) => string)(key, options);

describe('registration texts', () => {
  it('every rule message has a key whose Spanish text is the spec’s, verbatim', () => {
    for (const text of [...Object.values(REGISTRATION_MESSAGES), ...Object.values(REGISTRATION_REFUSALS)]) {
      const key = messageKey(text);
      expect(key, text).not.toBeNull();
      expect(es(key!)).toBe(text);
    }
    expect(messageKey('something else')).toBeNull();
  });

  it('quotes the screens’ Spanish texts verbatim', () => {
    expect(es('title')).toBe('Crea tu cuenta');
    expect(es('step1')).toBe('Paso 1 de 2');
    expect(es('submit')).toBe('Registrarte');
    expect(es('continue')).toBe('Continuar');
    expect(es('haveAccount')).toBe('¿Ya tienes una cuenta?');
    expect(es('result.success')).toBe('Tu registro se ha completado con éxito.');
    expect(es('result.confirmMail')).toBe('Recibirás un email para confirmar tu cuenta.');
    expect(es('result.fail', { provider: 'Pantalla Soporte' })).toBe(
      '¡Vaya!... parece que ha habido un error. Por favor, intentalo más tarde o ponte en contacto con Pantalla Soporte',
    );
  });

  it('names the 26 sports in es, en and de, Ajedrez, Atletismo, Fútbol, Tenis and Golf among them', () => {
    const names = SPORTS.map((s) => es(`sports.${s}`));
    for (const named of ['Ajedrez', 'Atletismo', 'Fútbol', 'Tenis', 'Golf']) expect(names).toContain(named);
    for (const lng of ['en', 'de'])
      expect(Object.keys((resources[lng]?.registration as { sports: object }).sports).sort()).toEqual(
        [...SPORTS].sort(),
      );
  });

  it('lists about 250 countries with Spanish names, sorted as Spanish sorts', () => {
    const countries = countryList('es');
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.find((c) => c.code === 'ES')?.name).toBe('España');
    expect(countries.find((c) => c.code === 'MX')?.name).toBe('México');
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
    expect(countryList('de').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
  });
});
