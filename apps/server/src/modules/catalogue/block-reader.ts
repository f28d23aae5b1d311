import type { Worker } from 'node:worker_threads';
import { startThread, threadCaller } from '../../platform/threads';
import type { Block } from './window-blocks';

/** Where the reader thread reads: the database as openDatabase() takes it (Db.address), and its page cache. */
export interface BlockReaderJob {
  address: string;
  cacheMb: number;
}

/** A call to the reader: a block's span, or closing it (answered with null, as a block it cannot read). */
export type BlockCall = { from: number; to: number; close?: false } | { close: true };

/** The reader's page cache: a week's guide at 10,000 channels is read block after block. */
const READER_CACHE_MB = 32;
/** A block's rows and heads (22,000 programmes at 10,000 channels) fit in a small heap; a runaway read fails alone. */
const READER_HEAP_MB = 128;

/** A guide block reader: `read` answers a block, `close` stops the thread. */
export interface BlockReader {
  read(from: number, to: number): Promise<Block>;
  close(): Promise<void>;
}

/**
 * Guide blocks read and encoded in a thread of their own, with its own connection (issue 31,
 * item 9): better-sqlite3 holds the server's thread for a whole statement, and a block's rows
 * and JSON heads were most of what the server's thread spent while an import ran. A read the
 * thread cannot answer (it stopped, or its query failed) is read on this thread by `fallback`,
 * so a viewer never sees the thread's trouble.
 */
export function startBlockReader(address: string, fallback: (from: number, to: number) => Promise<Block>): BlockReader {
  const job: BlockReaderJob = { address, cacheMb: READER_CACHE_MB };
  const worker: Worker = startThread(
    new URL('./block-reader-thread.ts', import.meta.url),
    'catalogue-block-reader-thread.mjs',
    { workerData: job, resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB, maxYoungGenerationSizeMb: 32 } },
  );
  // The thread never keeps the process alive: a server stops when its work does.
  worker.unref();
  const thread = threadCaller<BlockCall>(worker, 'the block reader');
  return {
    async read(from, to) {
      let columns: Block | null;
      try {
        columns = await thread.call<Block | null>({ from, to });
      } catch {
        return fallback(from, to);
      }
      if (!columns) return fallback(from, to);
      const { bytes } = columns;
      // Structured cloning hands a Buffer over as a plain Uint8Array.
      return { ...columns, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) };
    },
    close: () => thread.close({ close: true }),
  };
}
