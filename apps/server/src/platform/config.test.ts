import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = {
  AUTH_SECRET: 'auth-secret-0123456789-ABCDEFGHIJKL',
  DATA_DIR: '/tmp/pantalla-config-test',
  MEDIA_DIR: '/tmp/pantalla-config-test/media',
};
const MEDIA_SECRET = 'media-key-0123456789-abcdefghijklmnop';
const production = { ...base, NODE_ENV: 'production', MEDIA_KEY_SECRET: MEDIA_SECRET };

describe('admin accounts (ADMIN_EMAILS)', () => {
  it('reads a comma-separated list, trimmed and in lower case', () => {
    expect(loadConfig({ ...base, ADMIN_EMAILS: ' Ops@Example.test, ,editor@example.test' }).adminEmails).toEqual([
      'ops@example.test',
      'editor@example.test',
    ]);
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
    expect(refusal({ ...production, AUTH_SECRET: undefined })).toMatch(
      /^AUTH_SECRET no está definido: en producción .* al menos 32 caracteres/,
    );
    expect(refusal({ ...production, MEDIA_KEY_SECRET: undefined })).toMatch(/^MEDIA_KEY_SECRET no está definido/);
  });

  it('refuses secrets shorter than 32 characters', () => {
    expect(refusal({ ...production, AUTH_SECRET: 'x'.repeat(31) })).toMatch(/AUTH_SECRET/);
    expect(refusal({ ...production, MEDIA_KEY_SECRET: 'x'.repeat(31) })).toMatch(
      /^MEDIA_KEY_SECRET tiene 31 caracteres/,
    );
  });

  it('refuses a long secret that is not random (fewer than 16 distinct characters), saying how to make one', () => {
    for (const name of ['AUTH_SECRET', 'MEDIA_KEY_SECRET']) {
      const message = refusal({ ...production, [name]: 'a'.repeat(32) });
      expect(message).toMatch(new RegExp(`^${name} no parece aleatorio \\(solo 1 caracteres distintos`));
      expect(message).toContain('openssl rand -base64 48');
      expect(refusal({ ...production, [name]: 'abcdefghijklmno'.repeat(3) })).toMatch(/solo 15 caracteres distintos/);
    }
    // Outside production the demo keeps whatever it is given.
    expect(loadConfig({ ...base, AUTH_SECRET: 'a'.repeat(32), NODE_ENV: 'development' }).authSecret).toBe(
      'a'.repeat(32),
    );
    expect(refusal({ ...production, AUTH_SECRET: 'abcdefghijklmnop'.repeat(2) })).toBeNull();
  });

  it('starts with both, and packages no demo media unless MEDIA_PREPARE asks', () => {
    const config = loadConfig(production);
    expect(config.media.keySecret).toBe(MEDIA_SECRET);
    expect(config.media.prepare).toBe(false);
    expect(loadConfig({ ...production, MEDIA_PREPARE: '1' }).media.prepare).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).media.prepare).toBe(true);
  });
});

describe('trusted proxies (TRUST_PROXY)', () => {
  it('takes only addresses and CIDR networks', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ ...production, TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it("refuses 'true' and hop counts, which let a client without a proxy choose its address, in production and out", () => {
    for (const env of [base, production]) {
      expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(
        /TRUST_PROXY=true confiaría en cualquier cliente: .*TRUST_PROXY=127\.0\.0\.1/,
      );
      expect(() => loadConfig({ ...env, TRUST_PROXY: 'TRUE' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY=1 \(un número de saltos\)/);
      expect(() => loadConfig({ ...env, TRUST_PROXY: '2' })).toThrow(ConfigError);
    }
  });

  it('refuses anything else that is not an address, naming it', () => {
    for (const bad of [
      'loopback',
      'nginx.internal',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/2',
      '300.1.1.1',
      '10.0.0.0/x',
    ]) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: `127.0.0.1,${bad}` }), bad).toThrow(
        new RegExp(`TRUST_PROXY: ${bad.replace(/[./]/g, '\\$&')} no es una dirección IP`),
      );
    }
  });
});

describe('slow clients (HEADERS_TIMEOUT_MS, BODY_TIMEOUT_MS)', () => {
  it('at most 30 s each by default and when set', () => {
    expect(loadConfig(base).timeouts).toEqual({ headersMs: 20_000, bodyMs: 30_000 });
    expect(loadConfig({ ...base, HEADERS_TIMEOUT_MS: '500', BODY_TIMEOUT_MS: '700' }).timeouts).toEqual({
      headersMs: 500,
      bodyMs: 700,
    });
    expect(() => loadConfig({ ...base, BODY_TIMEOUT_MS: '240000' })).toThrow(/BODY_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, HEADERS_TIMEOUT_MS: '80000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });
});
