import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, DialectName } from './database';

/** A module's migrations, named with a date prefix so their order is fixed in time. */
export type MigrationSet = (dialect: DialectName) => Record<string, Migration>;

/** The lock migrations and reference seeds run under, so replicas starting at once do not race. */
export const SCHEMA_LOCK = 'schema';

/**
 * Applies every pending migration; throws with the failing migration's name. Callers hold
 * SCHEMA_LOCK (see prepareDatabase) so that only one process migrates at a time.
 */
export async function migrateToLatest(db: Db, sets: MigrationSet[]): Promise<string[]> {
  const all: Record<string, Migration> = {};
  for (const set of sets) Object.assign(all, set(db.dialect));
  const provider: MigrationProvider = { getMigrations: async () => all };
  const migrator = new Migrator({ db: db.kysely<unknown>(), provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
