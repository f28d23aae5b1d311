import type { FastifyInstance } from 'fastify';
import type { Bus } from './bus';
import type { CacheRegistry } from './cache';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './database';
import type { Log } from './logging';
import type { MigrationSet } from './migrate';

/** What every module is built with: configuration, the database, the clock, the caches, the bus and the log. */
export interface Platform {
  config: Config;
  db: Db;
  clock: Clock;
  caches: CacheRegistry;
  /** Changes other server processes must hear of (the caches' forgetting rides on it). */
  bus: Bus;
  log: Log;
}

/**
 * A product area of the server as the application sees it: its tables' migrations, the
 * reference data it cannot work without, and its routes. Services and what other modules
 * may ask of it are built by its factory (modules/<area>/index.ts) and wired by the
 * composition root (src/compose.ts).
 */
export interface ServerModule {
  name: string;
  migrations?: MigrationSet;
  /** Reference data (never demo data): idempotent, run at every start under the schema lock. */
  seedReference?: () => Promise<void>;
  /** Registers the module's routes inside the /api/v1 prefix. */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Routes outside /api/v1 (media origin, development mailbox). */
  rootRoutes?: (app: FastifyInstance) => Promise<void>;
  /**
   * Background work while the server runs (retries, reconciliation, renewals), started once it
   * listens; `selfUrl` is where this process answers. Returns how to stop it.
   */
  startWork?: (selfUrl: string) => () => Promise<void>;
}
