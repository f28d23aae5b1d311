import type { ImportWriter } from '../catalogue';
import { IngestService, type IngestOptions } from './ingest.service';

/** Runs `fn` holding the named lock across processes (the platform's Db.exclusive). */
export type Exclusive = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** What an import needs wherever it runs: where it writes, and the lock one import at a time holds. */
export interface ImporterNeeds {
  writer: () => ImportWriter;
  exclusive: Exclusive;
  options?: IngestOptions;
}

/**
 * The one way the import service is built: by createIngest on the server's thread and by an
 * import's own thread (ingest-thread.ts), so both get the same service from the same needs.
 */
export function createImporter(needs: ImporterNeeds): IngestService {
  return new IngestService(needs.writer, needs.exclusive, needs.options);
}

/**
 * The lock of an import's own thread: the server's thread took the real one before starting
 * the thread and holds it until the thread answers, so taking it again here would wait forever.
 */
export const heldByServerThread: Exclusive = (_name, fn) => fn();
