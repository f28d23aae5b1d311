import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Clock } from './clock';
import type { Db } from './database';
import type { MigrationSet } from './migrate';

/** What every module receives: configuration, the database and the clock. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
}

/** A product area of the server: its tables' migrations and its routes. */
export interface ServerModule {
  name: string;
  migrations?: MigrationSet;
  /** Registers the module's routes; runs inside the /api/v1 prefix unless `root` is set. */
  routes?: (app: FastifyInstance, deps: Deps) => Promise<void>;
  /** Routes outside /api/v1 (media origin, dev mailbox). */
  rootRoutes?: (app: FastifyInstance, deps: Deps) => Promise<void>;
  /** Makes the module's demo data; runs after migrations, must be idempotent. */
  seed?: (deps: Deps) => Promise<void>;
}
