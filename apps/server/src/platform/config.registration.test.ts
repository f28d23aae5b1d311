import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_LATAM_COUNTRIES, loadConfig } from './config';

const base = {
  DATA_DIR: '/tmp/pantalla-config-test',
  MEDIA_DIR: '/tmp/pantalla-config-test/media',
  AUTH_SECRET: 'x'.repeat(32),
};

describe('registration configuration', () => {
  it('defaults to the spec’s packages 1 and 5001, 20 Latin-American countries in region 3, others in region 1', () => {
    const { registration } = loadConfig(base);
    expect(registration.packageIds).toEqual([1, 5001]);
    expect(registration.latamRegionId).toBe(3);
    expect(registration.defaultRegionId).toBe(1);
    expect(registration.minFillMs).toBe(3000);
    expect(registration.perAddressPerHour).toBe(10);
    expect([...registration.latamCountries]).toEqual(DEFAULT_LATAM_COUNTRIES.split(','));
    expect(registration.latamCountries.size).toBe(20);
    for (const code of ['MX', 'AR', 'CO', 'BR']) expect(registration.latamCountries.has(code)).toBe(true);
    expect(registration.latamCountries.has('ES')).toBe(false);
  });

  it('reads its variables, normalising spaces and case', () => {
    const { registration } = loadConfig({
      ...base,
      REGISTRATION_PACKAGES: ' 1, 2 ,2',
      LATAM_COUNTRIES: 'mx, ar',
      LATAM_REGION_ID: '7',
      REGISTRATION_MIN_FILL_MS: '0',
    });
    expect(registration.packageIds).toEqual([1, 2]);
    expect([...registration.latamCountries]).toEqual(['MX', 'AR']);
    expect(registration.latamRegionId).toBe(7);
    expect(registration.minFillMs).toBe(0);
  });

  it('refuses malformed lists with the variable’s name', () => {
    expect(() => loadConfig({ ...base, REGISTRATION_PACKAGES: '1;5001' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, REGISTRATION_PACKAGES: '1;5001' })).toThrow(/REGISTRATION_PACKAGES/);
    expect(() => loadConfig({ ...base, LATAM_COUNTRIES: 'Mexico' })).toThrow(/LATAM_COUNTRIES/);
  });
});
