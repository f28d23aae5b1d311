import type { Worker } from 'node:worker_threads';
import { startThread, threadCaller } from '../../platform/threads';
import type { CatalogueImports, GuideCounts, ImportChannel, ImportWriter } from './catalogue-import.service';

/** Where the thread writes: the database as openDatabase() takes it (Db.address), and its page cache. */
export interface ImportThreadJob {
  address: string;
  cacheMb: number;
  /** Programmes gathered per transaction. */
  transactionSize: number;
  /** After each transaction the thread waits this share of its time (yieldShareFor). */
  yieldShare: number;
}

/** A call to the thread: one of the write side's methods, or closing it. */
export type ImportCall = {
  method: Exclude<keyof CatalogueImports, 'guideImported'> | 'finishGuide' | 'announceGuide' | 'close';
  args: unknown[];
};

/**
 * SQLite's page cache on the thread's connection: a guide's indexes stay in memory between
 * batches instead of being read again for every programme (the file's pages stay in the
 * system's cache besides; 48 MB held 24 MB more of a server kept under 600 MB, issue 31).
 */
const THREAD_CACHE_MB = 24;
/**
 * Programmes per transaction in the thread (guide-stage.ts): the server's readers do not
 * wait for them, and SQLite writes each index page a batch touches once per batch, not once
 * per programme.
 */
const TRANSACTION_SIZE = 20_000;
/**
 * Batches sent ahead of the thread's writing: a transaction's worth and a few, so it seldom
 * waits for the parser. Each waits in the thread's heap as objects: 40 held about 20 MB more.
 */
const PENDING_CALLS = 24;
/**
 * The share of each transaction's time the thread then rests, by database. On SQLite the thread's
 * own priority (nice 10) leaves viewers the processor. PostgreSQL writes in its own process, at
 * full priority, which a client cannot lower: on 2 cores it took the processor from the viewers
 * (p99 422 ms during a 10,000-channel import, 446 again); resting half of each transaction's time
 * brought it to 208 and 217 ms, the first import taking 116 s instead of 91 (issue 31, item 9).
 */
export function yieldShareFor(address: string): number {
  return /^postgres(ql)?:/.test(address) ? 0.5 : 0;
}
/** The thread's heap is bounded: an import that runs away fails alone, the server stays. */
const THREAD_HEAP_MB = 192;

/**
 * The write side in a thread of its own, with its own connection: better-sqlite3 runs a
 * transaction to its end without letting go of the thread, so a large import written here
 * would hold every request; there, only other writers wait (WAL lets readers go on). Calls
 * are answered in order; `changed` runs on this thread once channels or the finished guide
 * are written, so this process's readers (and, through the bus, the others) see them.
 */
export function startImportThread(address: string, changed: () => void): ImportWriter {
  const job: ImportThreadJob = {
    address,
    cacheMb: THREAD_CACHE_MB,
    transactionSize: TRANSACTION_SIZE,
    yieldShare: yieldShareFor(address),
  };
  const worker: Worker = startThread(new URL('./import-thread.ts', import.meta.url), 'catalogue-import-thread.mjs', {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 16 },
  });
  const thread = threadCaller<ImportCall>(worker, 'the import thread');
  const call = <T>(method: ImportCall['method'], ...args: unknown[]): Promise<T> => thread.call<T>({ method, args });
  return {
    pending: PENDING_CALLS,
    channels: () => call<ImportChannel[]>('channels'),
    ensureChannelGenres: async (names) => {
      const out = await call<Map<string, number>>('ensureChannelGenres', names);
      changed();
      return out;
    },
    saveChannels: async (batch) => {
      const out = await call<ImportChannel[]>('saveChannels', batch);
      changed();
      return out;
    },
    replaceGuide: (batch) => call<GuideCounts>('replaceGuide', batch),
    finishGuide: () => call<GuideCounts>('finishGuide'),
    // An import that failed half-way has its written batches announced before readers are told.
    guideImported: () => void call('announceGuide').then(changed, changed),
    close: () => thread.close({ method: 'close', args: [] }),
  };
}
