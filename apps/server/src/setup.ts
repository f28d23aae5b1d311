import type { Deps, ServerModule } from './platform/module';
import { migrateToLatest } from './platform/migrate';
import { modules as allModules } from './modules';
import type { Config } from './platform/config';
import { ensureDemoMedia, mediaConfig, progressPrinter } from './modules/origin';

/** Migrates every module's tables, then runs each module's idempotent seed. */
export async function prepareDatabase(deps: Deps, modules: ServerModule[] = allModules): Promise<string[]> {
  const applied = await migrateToLatest(
    deps.db,
    modules.flatMap((m) => (m.migrations ? [m.migrations] : [])),
  );
  for (const m of modules) if (m.seed) await m.seed(deps);
  return applied;
}

/** Packages the demo media once (progress on stdout); later starts find it ready and skip. */
export async function prepareMedia(config: Config): Promise<void> {
  const cfg = mediaConfig(config);
  if (!cfg.prepare) return;
  const printer = progressPrinter();
  const result = await ensureDemoMedia(cfg, printer.update, () => console.log('Medios: otro proceso los está preparando; esperando…'));
  printer.end();
  if (result.made > 0) console.log(`Medios de demostración preparados en ${cfg.mediaDir} (${(result.elapsedMs / 1000).toFixed(1)} s).`);
}
