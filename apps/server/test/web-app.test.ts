import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createPlatform } from '../src/compose';
import { ManualClock } from '../src/platform/clock';
import { loadConfig } from '../src/platform/config';
import { openSqlite, type Db } from '../src/platform/database';

/** Serving the built web app: the SPA fallback, cache headers and files made after start. */
describe('the web app', () => {
  let app: FastifyInstance;
  let db: Db;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'pantalla-web-'));

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Pantalla</title>');
    writeFileSync(path.join(dist, 'assets', 'index-a1.js'), 'console.log(1)');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dist,
      WEB_DIST: dist,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    db = openSqlite(':memory:');
    app = await buildApp(createPlatform(config, db, new ManualClock(Date.now())), []);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('answers every app route with index.html, never cached', async () => {
    for (const url of ['/', '/epg/', '/gid/5310', '/emplayer/abc', '/search/noche.de.estreno']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Pantalla</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, and ones written after start too', async () => {
    const first = await app.inject({ method: 'GET', url: '/assets/index-a1.js' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    writeFileSync(path.join(dist, 'assets', 'index-b2.js'), 'console.log(2)');
    const rebuilt = await app.inject({ method: 'GET', url: '/assets/index-b2.js' });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toBe('console.log(2)');
  });

  it('answers a missing file with a 404, not the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-c3.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect((await app.inject({ method: 'GET', url: '/api/v1/nothing' })).statusCode).toBe(404);
  });
});
