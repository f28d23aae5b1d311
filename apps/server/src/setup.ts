import { migrateToLatest, SCHEMA_LOCK } from './platform/migrate';
import type { Platform, ServerModule } from './platform/module';

/**
 * Migrates every module's tables and makes sure of their reference data, under the schema
 * lock: replicas starting at once wait for the first, then find nothing left to do.
 */
export async function prepareDatabase(platform: Platform, modules: readonly ServerModule[]): Promise<string[]> {
  return platform.db.exclusive(SCHEMA_LOCK, async () => {
    const applied = await migrateToLatest(
      platform.db,
      modules.flatMap((m) => (m.migrations ? [m.migrations] : [])),
    );
    for (const m of modules) if (m.seedReference) await m.seedReference();
    return applied;
  });
}
