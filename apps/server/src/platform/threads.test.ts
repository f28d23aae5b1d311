import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadCaller } from './threads';

/** A thread that doubles `n`, throws a RangeError for a negative one, answers late ones out of order, and exits on `exit`. */
const SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (call) => {
  if (call.exit) process.exit(3);
  if (call.close) return parentPort.postMessage({ id: call.id, value: null });
  if (call.n < 0) return parentPort.postMessage({ id: call.id, error: { name: 'RangeError', message: 'negativo' } });
  const answer = () => parentPort.postMessage({ id: call.id, value: call.n * 2 });
  if (call.late) setTimeout(answer, 50); else answer();
});
`;

type Call = { n: number; late?: boolean } | { exit: true } | { close: true };

const start = () => threadCaller<Call>(new Worker(SOURCE, { eval: true }), 'the doubling thread');

describe('threadCaller', () => {
  it('answers each call by its number, whatever order the answers come in', async () => {
    const thread = start();
    try {
      const late = thread.call<number>({ n: 5, late: true });
      const soon = thread.call<number>({ n: 2 });
      expect(await soon).toBe(4);
      expect(await late).toBe(10);
    } finally {
      await thread.close({ close: true });
    }
  });

  it('throws again what the thread answered as an error, under its name', async () => {
    const thread = start();
    try {
      const error = await thread.call<number>({ n: -1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ name: 'RangeError', message: 'negativo' });
      expect(await thread.call<number>({ n: 1 })).toBe(2);
    } finally {
      await thread.close({ close: true });
    }
  });

  it('fails the calls waiting, and every later one, once the thread exits', async () => {
    const thread = start();
    const waiting = thread.call<number>({ n: 1, late: true });
    void thread.call({ exit: true }).catch(() => null);
    await expect(waiting).rejects.toThrow('the doubling thread stopped (exit code 3)');
    await expect(thread.call({ n: 1 })).rejects.toThrow('the doubling thread stopped (exit code 3)');
    await thread.close({ close: true });
  });
});
