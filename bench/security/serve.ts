// A server child for the security benchmark: the demo app on a fresh SQLite database, the
// demo account its administrator. Prints its port on stdout.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { composeModules, createPlatform } from '../../apps/server/src/compose';
import { withDemoDefaults } from '../../apps/server/src/demo/config';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { systemClock } from '../../apps/server/src/platform/clock';
import { loadConfig } from '../../apps/server/src/platform/config';
import { openDatabase } from '../../apps/server/src/platform/database';
import { prepareDatabase } from '../../apps/server/src/setup';
import { BENCH_SECRET } from './shared';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-bench-security-'));
const config = loadConfig(
  withDemoDefaults({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: BENCH_SECRET,
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    MEDIA_PREPARE: '0',
  }),
);
const db = openDatabase(undefined, dataDir);
const platform = createPlatform(config, db, systemClock);
const modules = composeModules(platform);
await prepareDatabase(platform, modules.all);
await seedDemo(platform, modules);
const app = await buildApp(platform, modules.all, { serveWeb: false });
// For the bench's bytes-before-401 figure: what this process had read of each refused upload, headers included.
app.addHook('onResponse', async (request, reply) => {
  if (reply.statusCode === 401 && request.method === 'POST') console.log(`read ${request.raw.socket.bytesRead}`);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port?: number } | null;
console.log(address?.port ?? 0);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
