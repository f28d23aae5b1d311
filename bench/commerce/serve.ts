// The commerce benchmark's server child: the real app on a fresh SQLite database, its
// payment sandbox and background work running, with `BENCH_BUYERS` basic-package accounts.
// Prints one JSON line: the port and the sandbox's publishable key.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { composeModules, createPlatform } from '../../apps/server/src/compose';
import { seedDemo } from '../../apps/server/src/demo/seed';
import type { CommerceTables } from '../../apps/server/src/modules/commerce/testing';
import type { IdentityTables } from '../../apps/server/src/modules/identity/testing';
import { systemClock } from '../../apps/server/src/platform/clock';
import { loadConfig } from '../../apps/server/src/platform/config';
import { openDatabase } from '../../apps/server/src/platform/database';
import { selfUrl, startModuleWork } from '../../apps/server/src/serve';
import { prepareDatabase } from '../../apps/server/src/setup';
import { BENCH_SECRET } from './shared';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-bench-commerce-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTH_SECRET: BENCH_SECRET,
  PORT: '0',
  PUBLIC_URL: 'http://127.0.0.1',
  MEDIA_PREPARE: '0',
});
const db = openDatabase(undefined, dataDir);
const platform = createPlatform(config, db, systemClock);
const modules = composeModules(platform);
await prepareDatabase(platform, modules.all);
await seedDemo(platform, modules);
const k = db.kysely<IdentityTables & CommerceTables>();
const buyers = Number(process.env.BENCH_BUYERS ?? 0);
const now = Date.now();
const ids: number[] = [];
for (let i = 0; i < buyers; i++) {
  const user = await k
    .insertInto('users')
    .values({
      email: `buyer${i}@bench.test`,
      passwordHash: 'x',
      name: 'Buyer',
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
  ids.push(user.id);
}
const app = await buildApp(platform, modules.all, { serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const stop = startModuleWork(modules.all, selfUrl('127.0.0.1', port));
console.log(JSON.stringify({ port, publishableKey: config.payments.publishableKey, userIds: ids }));
process.once(
  'SIGTERM',
  () =>
    void stop()
      .then(() => app.close())
      .then(() => process.exit(0)),
);
