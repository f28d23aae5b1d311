import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = {
  DATA_DIR: '/tmp/pantalla-config-test',
  MEDIA_DIR: '/tmp/pantalla-config-test/media',
  AUTH_SECRET: 'x'.repeat(32),
};

describe('VAT configuration (issue 26)', () => {
  it("defaults to Spain's 21 % first, with its neighbours", () => {
    const { vat } = loadConfig(base);
    expect(vat.fallbackCountry).toBe('ES');
    expect(vat.rates.get('ES')).toBe(21);
    expect(vat.rates.get('PT')).toBe(23);
  });

  it('reads VAT_RATES, normalising spaces and case; the first listed is the fallback', () => {
    const { vat } = loadConfig({ ...base, VAT_RATES: ' pt : 23 , es:21, at:20.5' });
    expect([...vat.rates]).toEqual([
      ['PT', 23],
      ['ES', 21],
      ['AT', 20.5],
    ]);
    expect(vat.fallbackCountry).toBe('PT');
  });

  it('refuses a list it cannot read', () => {
    for (const VAT_RATES of ['ES=21', 'ES:', 'ESP:21', 'ES:21,', 'ES:121'])
      expect(() => loadConfig({ ...base, VAT_RATES })).toThrow(ConfigError);
  });
});
