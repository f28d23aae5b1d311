import type { IngestFormat, IngestReport } from '@pantalla/contracts';
import { startThread } from '../../platform/threads';
import { IngestTooLarge, type ByteSource, type SizeLimits } from './byte-source';
import type { ImportChoices } from './ingest.service';
import { IngestError } from './parsers/errors';

/** What the thread imports, and where it writes. */
export interface IngestThreadJob {
  /** The database, as openDatabase() takes it (Db.address). */
  address: string;
  format: IngestFormat;
  limits: SizeLimits;
  choices?: ImportChoices;
}

/** Messages from the thread. */
export type FromIngestThread =
  | { type: 'pull' }
  | { type: 'changed' }
  | { type: 'done'; report: IngestReport }
  | { type: 'failed'; name: string; message: string };

/** Messages to the thread: the file's next piece, its end, or why it broke. */
export type ToIngestThread =
  { type: 'piece'; data: Uint8Array | string } | { type: 'end' } | { type: 'broken'; message: string };

/** The parser's heap is bounded: it holds one batch and a programme per channel, and a runaway file fails alone. */
const THREAD_HEAP_MB = 160;

/** The error the thread reported, as the routes and the command know it. */
function rebuilt(name: string, message: string): Error {
  if (name === 'IngestTooLarge') return new IngestTooLarge(message);
  if (name === 'IngestError') return new IngestError(message);
  return Object.assign(new Error(message), { name });
}

/** A piece of the file as it crosses: its own buffer, moved rather than copied again. */
function movable(piece: Uint8Array | string): { data: Uint8Array | string; transfer: ArrayBuffer[] } {
  if (typeof piece === 'string') return { data: piece, transfer: [] };
  const own = new Uint8Array(piece.byteLength);
  own.set(piece);
  return { data: own, transfer: [own.buffer] };
}

/**
 * Imports in a thread of its own (ingest-thread.ts), which parses and hands its batches to
 * the catalogue's writing thread: neither parsing nor writing holds this thread, which
 * answers the API meanwhile. Here the file's pieces are only read when the thread asks for
 * them (a slow import slows the upload rather than filling memory), and `changed` runs when
 * the import has changed channels or finished the guide.
 */
export function importInThread(job: IngestThreadJob, source: ByteSource, changed: () => void): Promise<IngestReport> {
  const pieces = (Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]()) as
    AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string>;
  const worker = startThread(new URL('./ingest-thread.ts', import.meta.url), 'ingest-thread.mjs', {
    workerData: job,
    // Its garbage is short-lived (a file's pieces, a batch's objects): a small young generation keeps 8 MB fewer pages.
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 8 },
  });
  const send = (message: ToIngestThread, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const pull = async () => {
    try {
      const next = await pieces.next();
      if (next.done) return send({ type: 'end' });
      const { data, transfer } = movable(next.value);
      send({ type: 'piece', data }, transfer);
    } catch (error) {
      send({ type: 'broken', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const finished = new Promise<IngestReport>((resolve, reject) => {
    worker.on('message', (message: FromIngestThread) => {
      if (message.type === 'pull') void pull();
      else if (message.type === 'changed') changed();
      else if (message.type === 'done') resolve(message.report);
      else reject(rebuilt(message.name, message.message));
    });
    // A file that still outgrows the thread's heap fails alone, as too large for an import (413), not as a crash.
    worker.on('error', (error: Error & { code?: string }) =>
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new IngestTooLarge(
              `El archivo necesita más de ${THREAD_HEAP_MB} MB de memoria para importarse; se ha detenido la importación.`,
            )
          : error,
      ),
    );
    worker.on('exit', (code) => reject(new Error(`the import thread stopped (exit code ${code})`)));
  });
  return finished.finally(async () => {
    // A file refused half-way is not read on: an upload's stream is closed.
    await Promise.resolve(pieces.return?.()).catch(() => undefined);
    await worker.terminate();
  });
}
