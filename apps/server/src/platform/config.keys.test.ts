import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = {
  DATA_DIR: '/tmp/pantalla-config-test',
  MEDIA_DIR: '/tmp/pantalla-config-test/media',
  AUTH_SECRET: 'x'.repeat(32),
};

describe('the live key period (MEDIA_KEY_PERIOD_SECONDS)', () => {
  it('is an hour unless a test shortens it', () => {
    expect(loadConfig(base).media.keyPeriodSeconds).toBe(3600);
    expect(loadConfig({ ...base, MEDIA_KEY_PERIOD_SECONDS: '20' }).media.keyPeriodSeconds).toBe(20);
  });

  it.each(['0', '8', '21', '3602', 'hora'])('refuses %s (10 to 3600 s, whole segments)', (value) => {
    expect(() => loadConfig({ ...base, MEDIA_KEY_PERIOD_SECONDS: value })).toThrow(/MEDIA_KEY_PERIOD_SECONDS/);
  });

  it('is never shortened in production', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      AUTH_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789',
      MEDIA_KEY_SECRET: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
    };
    expect(() => loadConfig({ ...production, MEDIA_KEY_PERIOD_SECONDS: '20' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, MEDIA_KEY_PERIOD_SECONDS: '20' })).toThrow(/solo sirve para pruebas/);
  });
});
