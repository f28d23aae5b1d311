/**
 * The thread an import parses in (ingest-thread-client.ts starts it): the file's pieces are
 * pulled from the server's thread as the parser wants them, and the batches go to the
 * catalogue's writing thread.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { runInBackground } from '../../platform/threads';
import { startImportThread } from '../catalogue';
import type { FromIngestThread, IngestThreadJob, ToIngestThread } from './ingest-thread-client';
import { createImporter, heldByServerThread } from './importer';

/** The file's pieces, asked for one ahead so reading overlaps parsing. */
async function* pulled(port: MessagePort): AsyncGenerator<Uint8Array | string> {
  const arrived: ToIngestThread[] = [];
  let wake: (() => void) | null = null;
  port.on('message', (message: ToIngestThread) => {
    arrived.push(message);
    wake?.();
  });
  const ask = () => port.postMessage({ type: 'pull' } satisfies FromIngestThread);
  ask();
  try {
    for (;;) {
      while (arrived.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      const message = arrived.shift() as ToIngestThread;
      if (message.type === 'end') return;
      if (message.type === 'broken') throw new Error(message.message);
      ask();
      yield message.data;
    }
  } finally {
    port.removeAllListeners('message');
  }
}

async function run(port: MessagePort, job: IngestThreadJob): Promise<void> {
  const post = (message: FromIngestThread) => port.postMessage(message);
  const service = createImporter({
    writer: () => startImportThread(job.address, () => post({ type: 'changed' })),
    exclusive: heldByServerThread,
  });
  try {
    post({ type: 'done', report: await service.importHere(job.format, pulled(port), job.limits, job.choices) });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    post({ type: 'failed', name: e.name, message: e.message });
  }
}

if (parentPort) {
  runInBackground();
  await run(parentPort, workerData as IngestThreadJob);
}
