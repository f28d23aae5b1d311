import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/database';
import { CatalogueImportRepository } from './catalogue-import.repository';
import { CatalogueImportService, type ImportedChanges } from './catalogue-import.service';

/**
 * The one way the catalogue's import side is built: by createCatalogue on the server's thread
 * and by an import's writing thread (import-thread.ts), from the same needs.
 */
export function createImportWriter(needs: {
  clock: Clock;
  db: Db;
  changes: ImportedChanges;
  announceEveryMs?: number;
}): CatalogueImportService {
  return new CatalogueImportService(
    needs.clock,
    new CatalogueImportRepository(needs.db),
    needs.changes,
    needs.announceEveryMs,
  );
}

/** A writing thread's changes: the server's thread tells its readers (and other processes) what changed. */
export const changesToldByServerThread: ImportedChanges = { invalidate: async () => undefined };
