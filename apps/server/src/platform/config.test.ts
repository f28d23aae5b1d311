import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { AUTH_SECRET: 'a'.repeat(32), DATA_DIR: '/tmp/pantalla-config-test', MEDIA_DIR: '/tmp/pantalla-config-test/media' };
const production = { ...base, NODE_ENV: 'production', MEDIA_KEY_SECRET: 'm'.repeat(32) };

describe('admin accounts (ADMIN_EMAILS)', () => {
  it('reads a comma-separated list, trimmed and in lower case', () => {
    expect(loadConfig({ ...base, ADMIN_EMAILS: ' Ops@Example.test, ,editor@example.test' }).adminEmails).toEqual(['ops@example.test', 'editor@example.test']);
  });
  it('unset: nobody (the demo names its own account, see demo/config.test.ts)', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).adminEmails).toEqual([]);
    expect(loadConfig(production).adminEmails).toEqual([]);
  });
});

describe('import threads (INGEST_THREADS)', () => {
  it('on unless set to 0; any other value is refused', () => {
    expect(loadConfig(base).ingestThreads).toBe(true);
    expect(loadConfig(production).ingestThreads).toBe(true);
    expect(loadConfig({ ...base, INGEST_THREADS: '0' }).ingestThreads).toBe(false);
    expect(() => loadConfig({ ...base, INGEST_THREADS: 'no' })).toThrow(/INGEST_THREADS/);
  });
});

describe('production secrets', () => {
  const refusal = (env: Record<string, string | undefined>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    return null;
  };

  it('refuses to start without AUTH_SECRET or MEDIA_KEY_SECRET, naming the variable', () => {
    expect(refusal({ ...production, AUTH_SECRET: undefined })).toMatch(/^AUTH_SECRET no está definido: en producción .* al menos 32 caracteres/);
    expect(refusal({ ...production, MEDIA_KEY_SECRET: undefined })).toMatch(/^MEDIA_KEY_SECRET no está definido/);
  });

  it('refuses secrets shorter than 32 characters', () => {
    expect(refusal({ ...production, AUTH_SECRET: 'x'.repeat(31) })).toMatch(/AUTH_SECRET/);
    expect(refusal({ ...production, MEDIA_KEY_SECRET: 'x'.repeat(31) })).toMatch(/^MEDIA_KEY_SECRET tiene 31 caracteres/);
  });

  it('starts with both, and packages no demo media unless MEDIA_PREPARE asks', () => {
    const config = loadConfig(production);
    expect(config.media.keySecret).toBe('m'.repeat(32));
    expect(config.media.prepare).toBe(false);
    expect(loadConfig({ ...production, MEDIA_PREPARE: '1' }).media.prepare).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).media.prepare).toBe(true);
  });
});
