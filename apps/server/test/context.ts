import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { loadConfig, type Config } from '../src/platform/config';
import type { Deps } from '../src/platform/module';
import { prepareDatabase } from '../src/setup';
import { openTestDatabase, type DatabaseKind } from './databases';

export interface TestContext {
  app: FastifyInstance;
  deps: Deps;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

/** A migrated, seeded server on a fresh database of the given kind, driven by app.inject. */
export async function createTestContext(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', ...env });
  const db = await openTestDatabase(kind);
  const clock = new ManualClock(Date.now());
  const deps: Deps = { config, db, clock };
  await prepareDatabase(deps);
  const app = await buildApp(deps, { serveWeb: false, logger: false });
  await app.ready();
  return {
    app,
    deps,
    clock,
    config,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
