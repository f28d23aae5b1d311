/**
 * The thread an import writes from (import-thread-client.ts starts it): the catalogue's
 * write side on a connection of its own, answering the calls the server's thread sends.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { systemClock } from '../../platform/clock';
import { openDatabase } from '../../platform/database';
import { failedAnswer, runInBackground, type ThreadAnswer, type ThreadCall } from '../../platform/threads';
import { GuideStage } from './guide-stage';
import type { ImportCall, ImportThreadJob } from './import-thread-client';
import { changesToldByServerThread, createImportWriter } from './import-writer';

/** A long import moves the guide's version (readers rebuild on it) at most this often, and at its end. */
const ANNOUNCE_EVERY_MS = 30_000;

async function serve(port: MessagePort, job: ImportThreadJob): Promise<void> {
  const db = openDatabase(job.address, '', { cacheMb: job.cacheMb });
  const imports = createImportWriter({
    clock: systemClock,
    db,
    changes: changesToldByServerThread,
    announceEveryMs: ANNOUNCE_EVERY_MS,
  });
  const stage = new GuideStage((batch) => imports.replaceGuide(batch), job.transactionSize, job.yieldShare);
  const methods = {
    channels: () => imports.channels(),
    ensureChannelGenres: (names: readonly string[]) => imports.ensureChannelGenres(names),
    saveChannels: (batch: Parameters<typeof imports.saveChannels>[0]) => imports.saveChannels(batch),
    replaceGuide: (batch: Parameters<typeof stage.add>[0]) => stage.add(batch),
    finishGuide: async () => {
      const counts = await stage.flush();
      await imports.announceGuide();
      return counts;
    },
    announceGuide: () => imports.announceGuide(),
  };
  // One call at a time, in the order sent: a batch's channels are stored before its programmes.
  let tail = Promise.resolve();
  port.on('message', (call: ThreadCall<ImportCall>) => {
    tail = tail.then(() => answer(call));
  });
  const answer = async (call: ThreadCall<ImportCall>) => {
    if (call.method === 'close') {
      await db.destroy();
      port.postMessage({ id: call.id, value: null } satisfies ThreadAnswer);
      port.close();
      return;
    }
    try {
      const value = await (methods[call.method] as (...args: unknown[]) => unknown)(...call.args);
      port.postMessage({ id: call.id, value: value ?? null } satisfies ThreadAnswer);
    } catch (error) {
      port.postMessage(failedAnswer(call.id, error));
    }
  };
}

if (parentPort) {
  runInBackground();
  await serve(parentPort, workerData as ImportThreadJob);
}
