import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createPlatform } from '../../src/compose';
import { ManualClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/platform/config';
import { openSqlite, type Db } from '../../src/platform/database';
import { HSTS } from '../../src/platform/security-headers';
import { TEST_SECRETS } from '../context';

/** A built web app in miniature: index.html and a hashed script with its brotli and gzip twins. */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'pantalla-sec-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Pantalla</title><script type="module" src="/assets/index-a1.js"></script>',
  );
  const script = `console.log(${JSON.stringify('Pantalla '.repeat(500))});`;
  writeFileSync(path.join(dist, 'assets', 'index-a1.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-a1.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'index-a1.js.gz'), gzipSync(script));
  return dist;
}

async function appFor(env: Record<string, string>): Promise<{ app: FastifyInstance; db: Db }> {
  const dist = fakeDist();
  const config = loadConfig({
    DATA_DIR: dist,
    WEB_DIST: dist,
    MEDIA_DIR: dist,
    LOG_LEVEL: 'silent',
    ...TEST_SECRETS,
    ...env,
  });
  const db = openSqlite(':memory:');
  const app = await buildApp(createPlatform(config, db, new ManualClock(Date.now())), []);
  await app.ready();
  return { app, db };
}

describe('browser hardening headers and compressed assets', () => {
  let demo: { app: FastifyInstance; db: Db };
  let production: { app: FastifyInstance; db: Db };
  beforeAll(async () => {
    demo = await appFor({
      NODE_ENV: 'test',
      TRUST_PROXY: '127.0.0.1',
      DRM_WIDEVINE_LICENSE_TEMPLATE: 'https://licencias.example.com/wv?u={userId}',
    });
    production = await appFor({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    for (const server of [demo, production]) {
      await server?.app.close();
      await server?.db.destroy();
    }
  });

  it('every answer (page, API, error) carries the CSP, nosniff, no-referrer and frame protection', async () => {
    for (const url of ['/', '/assets/index-a1.js', '/healthz', '/api/v1/nothing']) {
      const res = await demo.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Shaka: MSE's blob: media, and licence requests to the configured Widevine server.
      expect(csp).toMatch(/media-src 'self' blob:/);
      expect(csp).toMatch(/connect-src 'self'[^;]*https:\/\/licencias\.example\.com/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('sends HSTS in production, and in the demo only to a request that came over TLS', async () => {
    expect((await production.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBe(
      HSTS,
    );
    expect(
      (await demo.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const tls = await demo.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe(HSTS);
  });

  it('serves hashed scripts precompressed (brotli, else gzip) and immutable; index.html revalidated', async () => {
    const br = await production.app.inject({
      method: 'GET',
      url: '/assets/index-a1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Pantalla');
    const gz = await production.app.inject({
      method: 'GET',
      url: '/assets/index-a1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await production.app.inject({ method: 'GET', url: '/assets/index-a1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const page = await production.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
