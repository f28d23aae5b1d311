import { composeModules, createPlatform, type Modules } from '../compose';
import { withDemoDefaults } from '../demo/config';
import { systemClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/database';
import { createLogger } from '../platform/logging';
import type { Platform } from '../platform/module';
import { prepareDatabase } from '../setup';

/** A command's view of the service: the configured database, migrated, and every module. */
export interface CommandContext {
  platform: Platform;
  modules: Modules;
  close(): Promise<void>;
}

/** Opens the configured database (DATABASE_URL or data/), migrates it and builds the modules, as the server does. */
export async function openForCommand(env: NodeJS.ProcessEnv = process.env): Promise<CommandContext> {
  const config = loadConfig(withDemoDefaults(env));
  const db = openDatabase(config.databaseUrl, config.dataDir);
  const platform = createPlatform(config, db, systemClock, createLogger('warn'));
  const modules = composeModules(platform);
  try {
    await prepareDatabase(platform, modules.all);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { platform, modules, close: () => db.destroy() };
}

/** Runs a command's main and exits with its code; a failure prints its sentence, not a stack. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
