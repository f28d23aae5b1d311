/**
 * The thread guide blocks are read and encoded in (block-reader.ts starts it): the guide's
 * window query on a connection of its own, each programme's JSON head built here, the columns
 * handed back without a copy. On SQLite a block's statement held the server's thread.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { openDatabase } from '../../platform/database';
import { failedAnswer, type ThreadAnswer, type ThreadCall } from '../../platform/threads';
import type { BlockCall, BlockReaderJob } from './block-reader';
import type { Block } from './window-blocks';
import { GuideRepository } from './guide.repository';
import { toBlock } from './window-blocks';

async function serve(port: MessagePort, job: BlockReaderJob): Promise<void> {
  const db = openDatabase(job.address, '', { cacheMb: job.cacheMb });
  // Alone on its thread: a block is read in one statement, not in pieces that let requests in.
  const repo = new GuideRepository(db, Number.MAX_SAFE_INTEGER);
  // One block at a time, in the order asked: the server never asks for one twice at once.
  let tail = Promise.resolve();
  port.on('message', (call: ThreadCall<BlockCall>) => {
    tail = tail.then(() => answer(call));
  });
  const answer = async (call: ThreadCall<BlockCall>) => {
    if (call.close) {
      await db.destroy();
      port.postMessage({ id: call.id, value: null } satisfies ThreadAnswer<Block | null>);
      port.close();
      return;
    }
    try {
      const block = toBlock(await repo.eventsStartingIn(call.from, call.to), call.from);
      // Every column moves to the server's thread without a copy, except a small Buffer sitting
      // in Node's shared pool, which must not be moved away: that one is copied.
      const moved = Object.values(block)
        .filter((v): v is Uint8Array => ArrayBuffer.isView(v))
        .filter((v) => v.byteOffset === 0 && v.buffer.byteLength === v.byteLength)
        .map((v) => v.buffer as ArrayBuffer);
      port.postMessage({ id: call.id, value: block } satisfies ThreadAnswer<Block | null>, moved);
    } catch (error) {
      port.postMessage(failedAnswer(call.id, error));
    }
  };
}

if (parentPort) await serve(parentPort, workerData as BlockReaderJob);
