import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type Db } from '../src/platform/database';
import { TEST_SECRETS } from './context';
import { createScratchPostgres, pgReachable } from './databases';
import { payWithCard, until } from './payments';
import type { TestTables } from './tables';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const script = path.join(serverDir, 'test/fixtures/payment-server.ts');
const children = new Set<ChildProcess>();

/** Starts a real server process on `env`; resolves with its address once it listens. */
function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

const legs: Array<{ name: string; open: () => Promise<{ url: string; db: () => Db; drop: () => Promise<void> }> }> = [
  {
    name: 'sqlite',
    open: async () => {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pantalla-crash-')), 'pantalla.sqlite');
      return { url: `sqlite:${file}`, db: () => openSqlite(file), drop: async () => undefined };
    },
  },
];
if (await pgReachable()) {
  legs.push({
    name: 'postgres',
    open: async () => {
      const scratch = await createScratchPostgres('pantalla_crash');
      return { url: scratch.url, db: () => openPostgres(scratch.url, 2), drop: scratch.drop };
    },
  });
}

describe.each(legs)('a server killed between payment and webhook on $name', ({ open }) => {
  it('converges to exactly one entitlement after restart', async () => {
    const database = await open();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-crash-data-'));
    const env = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: TEST_SECRETS.AUTH_SECRET,
      MEDIA_PREPARE: '0',
    };
    // The webhook cannot get through: the payment is taken but its event stays queued.
    const first = await startChild({ ...env, PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/api/v1/payments/webhook' });
    const login = await json<{ idToken: string }>(
      await fetch(`${first.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ flow: 'password', username: 'basico@pantalla.test', password: 'basico1234' }),
      }),
    );
    const auth = { authorization: `Bearer ${login.idToken}`, 'content-type': 'application/json' };
    const started = await json<{ purchaseId: string; clientSecret: string; cardFormUrl: string }>(
      await fetch(`${first.url}/api/v1/purchases`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ productId: 2, holderName: 'Ana Básico' }),
      }),
    );
    const key = new URL(started.cardFormUrl, first.url).searchParams.get('key') ?? '';
    expect((await payWithCard(first.url, key, started.clientSecret, '4242424242424242')).body.status).toBe('succeeded');
    await killHard(first.child);

    const db = database.db();
    try {
      const sql = db.kysely<TestTables>();
      expect(
        await sql.selectFrom('purchases').select('status').where('id', '=', started.purchaseId).executeTakeFirst(),
      ).toEqual({ status: 'pending' });
      const second = await startChild(env);
      try {
        await until(
          'the purchase fulfilled after restart',
          async () =>
            (await sql.selectFrom('purchases').select('status').where('id', '=', started.purchaseId).executeTakeFirst())
              ?.status === 'fulfilled',
          30_000,
        );
        // The queued events get through too (retried), and change nothing more.
        await until(
          'the queued events delivered',
          async () =>
            (await sql.selectFrom('sandboxEvents').select('id').where('deliveredAt', 'is', null).execute()).length ===
            0,
          60_000,
        );
        const user = await sql
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'basico@pantalla.test')
          .executeTakeFirstOrThrow();
        expect(
          await sql
            .selectFrom('entitlements')
            .select('packageId')
            .where('userId', '=', user.id)
            .where('packageId', '=', 2)
            .execute(),
        ).toHaveLength(1);
        expect(
          await sql.selectFrom('payments').select('paymentKey').where('purchaseId', '=', started.purchaseId).execute(),
        ).toHaveLength(1);
        expect(
          await sql
            .selectFrom('purchaseLog')
            .select('activation')
            .where('purchaseId', '=', started.purchaseId)
            .execute(),
        ).toEqual([{ activation: 'OK' }]);
      } finally {
        await killHard(second.child);
      }
    } finally {
      await db.destroy();
      await database.drop();
    }
  }, 180_000);
});
