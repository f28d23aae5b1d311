/**
 * The server side of the ingest bench: a fresh SQLite database, the real modules and routes,
 * listening on loopback. It prints {port, token} as a JSON line, then imports the guide
 * file named on stdin (twice: the first import and the same file again), sampling its own
 * resident memory, and prints each import's figures as a JSON line.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildApp } from '../../apps/server/src/app';
import { composeModules, createPlatform } from '../../apps/server/src/compose';
import { OPERATOR_LIMITS } from '../../apps/server/src/modules/ingest';
import { withDemoDefaults } from '../../apps/server/src/demo/config';
import { systemClock } from '../../apps/server/src/platform/clock';
import { loadConfig } from '../../apps/server/src/platform/config';
import { openDatabase } from '../../apps/server/src/platform/database';
import { createLogger } from '../../apps/server/src/platform/logging';
import { prepareDatabase } from '../../apps/server/src/setup';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-ingest-bench-'));
const config = loadConfig(withDemoDefaults({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MEDIA_PREPARE: '0', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01' }));
const db = openDatabase(config.databaseUrl, config.dataDir);
const platform = createPlatform(config, db, systemClock, createLogger('silent'));
const modules = composeModules(platform);
await prepareDatabase(platform, modules.all);
await modules.identity.accounts.create({ email: 'bench@pantalla.test', password: 'bench-password-1', name: 'Bench', surname: 'Pantalla', pin: null });
const app = await buildApp(platform, modules.all, { serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { flow: 'password', username: 'bench@pantalla.test', password: 'bench-password-1' } });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token: (login.json() as { idToken: string }).idToken }));

async function importOnce(file: string) {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const started = performance.now();
  // A file on the server's disk, as the ingest command imports it.
  const report = await modules.ingest.service.import('xmltv', createReadStream(file, { highWaterMark: 64 * 1024 }), OPERATOR_LIMITS);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const { inserted, unchanged } = report.programmes;
  return { seconds, programmes: inserted + unchanged, inserted, unchanged, peakRssMb: Math.round(peak / 1e6) };
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line === 'quit') break;
  console.log(JSON.stringify(await importOnce(line)));
}
await app.close();
await db.destroy();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
