import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { composeModules, createPlatform, type Modules } from '../src/compose';
import { withDemoDefaults } from '../src/demo/config';
import { seedDemo } from '../src/demo/seed';
import { ManualClock } from '../src/platform/clock';
import { loadConfig, type Config } from '../src/platform/config';
import type { Platform } from '../src/platform/module';
import { prepareDatabase } from '../src/setup';
import { openTestDatabase, type DatabaseKind } from './databases';
import type { TestTables } from './tables';
import { preparedDatabase } from './templates';

export interface TestContext {
  app: FastifyInstance;
  platform: Platform;
  modules: Modules;
  /** Every module's tables, for tests that arrange or inspect rows directly. */
  sql: Kysely<TestTables>;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

/** Secrets long and varied enough for production too (16+ distinct characters), so a suite may run the production mode. */
export const TEST_SECRETS = {
  AUTH_SECRET: 'test-secret-0123456789-ABCDEFGHIJ-klmnop',
  MEDIA_KEY_SECRET: 'test-media-key-0123456789-QRSTUVWXYZ-abc',
};

/**
 * The configuration of a test server: silent, a fresh data folder, and the media settings
 * of this environment (the shared demo media's keys derive from its key secret).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-test-'));
  const media = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('MEDIA_')));
  // Imports on the server's thread: a thread of their own starts in seconds under tsx, and the
  // suites import hundreds of small files (ingest-thread.api.test.ts runs them in threads).
  return loadConfig(
    withDemoDefaults({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: TEST_SECRETS.AUTH_SECRET,
      INGEST_THREADS: '0',
      ...media,
      ...env,
    }),
  );
}

/** TEST_CLOCK_SHIFT_MS runs the suites at another time of day (the demo guide is made around now). */
const clockShift = (): number => Number(process.env.TEST_CLOCK_SHIFT_MS ?? 0);
const testClock = (): ManualClock => new ManualClock(Date.now() + clockShift());

/**
 * A migrated server on a fresh database of the given kind, driven by app.inject; with the
 * demo seeded (accounts, catalogue, guide) unless `demo` is false.
 */
export async function createTestContext(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: { demo?: boolean; sqliteFile?: boolean } = {},
): Promise<TestContext> {
  const config = testConfig(env);
  // A file, not memory: other threads can open it (an import's parser and writer do).
  const file = kind === 'sqlite' && options.sqliteFile ? path.join(config.dataDir, 'pantalla.sqlite') : undefined;
  const demo = options.demo !== false;
  // Migrated and seeded once per worker and recipe (test/templates.ts), then copied.
  const db = await preparedDatabase(
    kind,
    JSON.stringify({ env: Object.entries(env).sort(), demo, shift: clockShift() }),
    async (template) => {
      const platform = createPlatform(testConfig(env), template, testClock());
      const modules = composeModules(platform);
      await prepareDatabase(platform, modules.all);
      if (demo) await seedDemo(platform, modules);
    },
    () => openTestDatabase(kind),
    file,
  );
  const clock = testClock();
  const platform = createPlatform(config, db, clock);
  const modules = composeModules(platform);
  const app = await buildApp(platform, modules.all, {
    serveWeb: false,
    requireOperator: modules.identity.auth.requireAdmin,
  });
  await app.ready();
  return {
    app,
    platform,
    modules,
    sql: db.kysely<TestTables>(),
    clock,
    config,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
