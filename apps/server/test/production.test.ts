import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/serve';
import { openPostgres, openSqlite, type Db } from '../src/platform/database';
import { PURCHASES_UNAVAILABLE } from '@pantalla/contracts';
import { bearerFor } from './auth';
import { TEST_SECRETS, type TestContext } from './context';
import { createScratchPostgres, pgReachable } from './databases';
import type { TestTables } from './tables';

/** The production mode (README, "Deploying"; docs/decisions.md, "Two modes"). */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quiet = () => {};
const postgresHere = await pgReachable();

function tempDir(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `pantalla-${label}-`));
}

/** A built web app with a source map beside its script, as a careless build would leave. */
function webDist(): string {
  const dist = tempDir('prod-web');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Pantalla</title>');
  writeFileSync(path.join(dist, 'assets', 'index-a1.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'index-a1.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return dist;
}

const productionEnv = (dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  ...TEST_SECRETS,
  DATA_DIR: dataDir,
  MEDIA_DIR: path.join(dataDir, 'media'),
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  ...extra,
});

describe('a production start', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir('prod');
    server = await startServer(productionEnv(dataDir, { WEB_DIST: webDist() }), undefined, quiet);
  });
  afterAll(async () => server?.close());

  const sql = () => server.platform.db.kysely<TestTables>();

  it('creates no demo account and no demo catalogue, only the reference data', async () => {
    expect(await sql().selectFrom('users').selectAll().execute()).toEqual([]);
    expect(await sql().selectFrom('channels').selectAll().execute()).toEqual([]);
    expect(await sql().selectFrom('films').selectAll().execute()).toEqual([]);
    expect((await sql().selectFrom('packages').select('id').execute()).map((p) => p.id)).toContain(1);
    expect((await sql().selectFrom('genres').select('id').execute()).length).toBeGreaterThan(0);
    expect((await sql().selectFrom('lineups').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('refuses the published demo password and serves no development mailbox', async () => {
    const login = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ flow: 'password', username: 'demo@pantalla.test', password: 'demo1234' }),
    });
    expect(login.status).toBe(400);
    expect((await fetch(`${server.url}/dev/mail`)).status).toBe(404);
    expect(server.platform.config.adminEmails).toEqual([]);
  });

  it('without a payment provider sells nothing and serves no payment sandbox (its paths are 404, not the app)', async () => {
    expect(server.platform.config.payments).toMatchObject({ provider: 'none', stagingSandbox: false });
    expect(await (await fetch(`${server.url}/api/v1/payments/status`)).json()).toEqual({
      purchases: false,
      stagingSandbox: false,
    });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const [method, url] of [
      ['POST', '/v1/customers'],
      ['POST', '/v1/payment_intents/pi_1/confirm'],
      ['GET', '/v1/payment_intents/pi_1'],
      ['POST', '/v1/test_helpers/test_clocks/clock_sandbox/advance'],
      ['GET', '/payments-sandbox/elements/card'],
      ['GET', '/payments-sandbox/3ds/pi_1'],
    ] as const) {
      const answer = await fetch(`${server.url}${url}`, {
        method,
        headers: form,
        ...(method === 'POST' ? { body: 'amount=999&currency=eur' } : {}),
      });
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(await answer.text()).not.toContain('<title>');
    }
    // A signed-in user's purchase is refused, with a sentence; what they bought before stays listed.
    await server.modules.identity.accounts.create({
      email: 'ana@example.com',
      password: 'una-clave-larga-1',
      name: 'Ana',
      surname: 'Prueba',
      pin: null,
    });
    const auth = await bearerFor(
      {
        platform: server.platform,
        config: server.platform.config,
        clock: server.platform.clock,
      } as unknown as TestContext,
      'ana@example.com',
    );
    const post = (url: string, body?: unknown) =>
      fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    const purchase = await post('/api/v1/purchases', { productId: 2, holderName: 'Ana Prueba' });
    expect(purchase.status).toBe(403);
    expect(await purchase.json()).toMatchObject({ code: 'forbidden', message: PURCHASES_UNAVAILABLE });
    expect((await fetch(`${server.url}/api/v1/payments/card-field`, { headers: auth })).status).toBe(403);
    expect((await post('/api/v1/purchases/pur_0123456789abcdef/confirm')).status).toBe(403);
    expect((await fetch(`${server.url}/api/v1/purchases`, { headers: auth })).status).toBe(200);
    expect(await sql().selectFrom('entitlements').select('packageId').where('packageId', '=', 2).execute()).toEqual([]);
  });

  it('serves the app but never a source map', async () => {
    expect((await fetch(`${server.url}/assets/index-a1.js`)).status).toBe(200);
    const map = await fetch(`${server.url}/assets/index-a1.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
  });
});

describe('the compiled server', () => {
  const outDir = path.join(serverDir, `.test-build-${process.pid}`);
  beforeAll(() => {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', outDir], { cwd: serverDir, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  /** Runs dist/server.mjs with plain node (no TypeScript loader) until it exits or says it is ready. */
  function run(env: NodeJS.ProcessEnv): Promise<{
    code: number | null;
    out: string;
    port: number | null;
    stop: () => void;
    said: (text: string) => Promise<string>;
  }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(outDir, 'server.mjs')], {
        env: { PATH: process.env.PATH, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      // The log's lines may reach the pipe after the ready line: wait a little for one.
      const said = async (text: string) => {
        for (let i = 0; i < 100 && !out.includes(text); i++) await new Promise((r) => setTimeout(r, 50));
        return out;
      };
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const ready = /Pantalla está lista en \S+ \(puerto (\d+)\)/.exec(out);
        if (ready) resolve({ code: null, out, port: Number(ready[1]), stop: () => child.kill('SIGTERM'), said });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => resolve({ code, out, port: null, stop: quiet, said }));
    });
  }

  it('refuses to start without AUTH_SECRET, naming it', async () => {
    const result = await run(productionEnv(tempDir('prod-refuse'), { AUTH_SECRET: '' }));
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      'AUTH_SECRET no está definido: en producción (NODE_ENV=production) debe ser un secreto aleatorio de al menos 32 caracteres',
    );
  });

  it('refuses a MEDIA_KEY_SECRET shorter than 32 characters, naming it', async () => {
    const result = await run(productionEnv(tempDir('prod-refuse'), { MEDIA_KEY_SECRET: 'corto-de-mas' }));
    expect(result.code).toBe(1);
    expect(result.out).toContain('MEDIA_KEY_SECRET tiene 12 caracteres');
  });

  it('without PAYMENT_PROVIDER starts with purchases off and says why', async () => {
    const result = await run(productionEnv(tempDir('prod-nopay'), { LOG_LEVEL: 'warn' }));
    try {
      expect(result.port, result.out).not.toBeNull();
      expect(await result.said('PAYMENT_PROVIDER no está definido')).toContain(
        'PAYMENT_PROVIDER no está definido: en producción las compras están desactivadas',
      );
      expect((await fetch(`http://127.0.0.1:${result.port}/v1/customers`, { method: 'POST' })).status).toBe(404);
    } finally {
      result.stop();
    }
  });

  it('refuses PAYMENT_PROVIDER=sandbox without the staging flag, naming it', async () => {
    const refused: Record<string, string>[] = [
      { PAYMENT_PROVIDER: 'sandbox' },
      { PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_IN_PRODUCTION: 'yes' },
    ];
    for (const extra of refused) {
      const result = await run(productionEnv(tempDir('prod-sandbox'), extra));
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain('PAYMENT_SANDBOX_IN_PRODUCTION');
    }
  });

  it('serves the sandbox on a staging server only when named, saying so at start and to every page', async () => {
    const result = await run(
      productionEnv(tempDir('prod-staging'), {
        LOG_LEVEL: 'warn',
        PAYMENT_PROVIDER: 'sandbox',
        PAYMENT_SANDBOX_IN_PRODUCTION: 'staging',
      }),
    );
    try {
      expect(result.port, result.out).not.toBeNull();
      expect(await result.said('PAYMENT_SANDBOX_IN_PRODUCTION=staging')).toContain(
        'PAYMENT_SANDBOX_IN_PRODUCTION=staging: este servidor de producción cobra con el sandbox de pruebas',
      );
      const base = `http://127.0.0.1:${result.port}`;
      expect(await (await fetch(`${base}/api/v1/payments/status`)).json()).toEqual({
        purchases: true,
        stagingSandbox: true,
      });
      // Served: without its key, 401 rather than 404.
      expect((await fetch(`${base}/v1/customers`, { method: 'POST' })).status).toBe(401);
      expect((await fetch(`${base}/payments-sandbox/elements/card`)).status).toBe(200);
    } finally {
      result.stop();
    }
  });

  it('serves with its secrets, without the demo accounts', async () => {
    const result = await run(productionEnv(tempDir('prod-run')));
    try {
      expect(result.port, result.out).not.toBeNull();
      const base = `http://127.0.0.1:${result.port}`;
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ ok: true });
      const login = await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ flow: 'password', username: 'demo@pantalla.test', password: 'demo1234' }),
      });
      expect(login.status).toBe(400);
      expect(result.out).not.toContain('demo1234');
    } finally {
      result.stop();
    }
  });
});

/** Starts `count` replicas' migrations at once on one database; answers their exit codes and output. */
function migrateAtOnce(count: number, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }[]> {
  const script = path.join(serverDir, 'test/fixtures/prepare-database.ts');
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', script], {
            cwd: serverDir,
            env: { ...process.env, ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let out = '';
          child.stdout.on('data', (c: Buffer) => (out += c.toString()));
          child.stderr.on('data', (c: Buffer) => (out += c.toString()));
          child.on('exit', (code) => resolve({ code, out }));
        }),
    ),
  );
}

/** Every migration recorded once, and the reference data there once. */
async function expectMigratedOnce(db: Db, results: { code: number | null; out: string }[]): Promise<void> {
  for (const r of results) expect(r.code, r.out).toBe(0);
  const applied = results.map(
    (r) => (JSON.parse(r.out.trim().split('\n').at(-1) ?? '{}') as { applied: string[] }).applied,
  );
  const rows = await db
    .kysely<{ kysely_migration: { name: string } }>()
    .withoutPlugins()
    .selectFrom('kysely_migration')
    .select('name')
    .execute();
  const names = rows.map((r) => r.name);
  expect(new Set(names).size).toBe(names.length);
  // One replica applied them all; the others found nothing left to do.
  expect(applied.flat().sort()).toEqual([...names].sort());
  expect(applied.filter((a) => a.length > 0)).toHaveLength(1);
  const packages = await db.kysely<TestTables>().selectFrom('packages').select('id').execute();
  expect(new Set(packages.map((p) => p.id)).size).toBe(packages.length);
}

describe('replicas starting at once', () => {
  it('migrate one SQLite file once (an exclusive lock beside it)', async () => {
    const dataDir = tempDir('migrate-sqlite');
    const file = path.join(dataDir, 'pantalla.sqlite');
    const results = await migrateAtOnce(3, productionEnv(dataDir, { DATABASE_URL: `sqlite:${file}` }));
    const db = openSqlite(file);
    try {
      await expectMigratedOnce(db, results);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it.skipIf(!postgresHere)(
    'migrate one fresh PostgreSQL database once (an advisory lock)',
    async () => {
      const scratch = await createScratchPostgres('pantalla_migrate');
      try {
        const results = await migrateAtOnce(3, productionEnv(tempDir('migrate-pg'), { DATABASE_URL: scratch.url }));
        const db = openPostgres(scratch.url, 2);
        try {
          await expectMigratedOnce(db, results);
        } finally {
          await db.destroy();
        }
      } finally {
        await scratch.drop();
      }
    },
    120_000,
  );
});
