// A server child for the playback benchmark: the real app on a fresh SQLite database with
// bench viewers, or @fastify/static over the same media files. Prints its port on stdout.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/platform/config';
import { openDatabase } from '../../apps/server/src/platform/database';
import { systemClock } from '../../apps/server/src/platform/clock';
import { prepareDatabase } from '../../apps/server/src/setup';
import { composeModules, createPlatform } from '../../apps/server/src/compose';
import { seedDemo } from '../../apps/server/src/demo/seed';
import type { CommerceTables } from '../../apps/server/src/modules/commerce/testing';
import type { IdentityTables } from '../../apps/server/src/modules/identity/testing';
import { BENCH_SECRET, VIEWER_COUNT_ENV } from './shared';

const [mode, mediaDir] = process.argv.slice(2);

function printPort(server: { address(): unknown }): void {
  const address = server.address() as { port?: number } | null;
  console.log(address?.port ?? 0);
}

if (mode === 'static') {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: mediaDir as string, immutable: true, maxAge: 31536000000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  printPort(app.server);
} else {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-bench-playback-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: BENCH_SECRET,
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const db = openDatabase(undefined, dataDir);
  const platform = createPlatform(config, db, systemClock);
  const modules = composeModules(platform);
  await prepareDatabase(platform, modules.all);
  await seedDemo(platform, modules);
  const k = db.kysely<IdentityTables & CommerceTables>();
  // Viewers: basic-package accounts made directly (no password hashing: the bench signs their tokens).
  const viewers = Number(process.env[VIEWER_COUNT_ENV] ?? 0);
  const now = Date.now();
  for (let i = 0; i < viewers; i++) {
    const user = await k
      .insertInto('users')
      .values({
        email: `viewer${i}@bench.test`,
        passwordHash: 'x',
        name: 'Viewer',
        surname: String(i),
        regionId: 1,
        channelOrder: '[]',
        pinHash: null,
        tokenVersion: 0,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('entitlements')
      .values({ userId: user.id, packageId: 1, startsAt: 0, endsAt: null, source: 'bench', createdAt: now })
      .execute();
  }
  const app = await buildApp(platform, modules.all, { serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  printPort(app.server);
  // A clean exit on SIGTERM, so --cpu-prof (BENCH_CHILD_NODE_ARGS) writes its profile.
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
