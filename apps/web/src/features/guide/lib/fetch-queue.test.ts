import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortedError, FetchQueue } from './fetch-queue';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('FetchQueue', () => {
  it('runs at most 10 jobs at once', async () => {
    const queue = new FetchQueue();
    let peak = 0;
    let running = 0;
    const jobs = Array.from({ length: 25 }, (_, i) =>
      queue.add(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 100));
        running -= 1;
        return i;
      }),
    );
    expect(queue.active).toBe(10);
    expect(queue.pending).toBe(15);
    await vi.runAllTimersAsync();
    expect(await Promise.all(jobs)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(peak).toBe(10);
  });

  it('retries 3 times, 5 s apart, then fails', async () => {
    const queue = new FetchQueue();
    const run = vi.fn(() => Promise.reject(new Error('down')));
    const result = queue.add(run);
    const caught = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(4);
    expect(await caught).toEqual(new Error('down'));
  });

  it('succeeds on a retry', async () => {
    const queue = new FetchQueue();
    const run = vi.fn().mockRejectedValueOnce(new Error('once')).mockResolvedValue('ok');
    const result = queue.add(run);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toBe('ok');
  });

  it('cancels waiting jobs and jobs between retries, freeing their places', async () => {
    const queue = new FetchQueue({ concurrency: 1 });
    const first = new AbortController();
    const second = new AbortController();
    const failing = vi.fn(() => Promise.reject(new Error('x')));
    const a = queue.add(failing, first.signal).catch((e: unknown) => e);
    const b = queue.add(() => Promise.resolve('b'), second.signal).catch((e: unknown) => e);
    const c = queue.add(() => Promise.resolve('c'));
    second.abort();
    expect(await b).toBeInstanceOf(AbortedError);
    await vi.advanceTimersByTimeAsync(0);
    first.abort();
    expect(await a).toBeInstanceOf(AbortedError);
    await vi.advanceTimersByTimeAsync(0);
    expect(await c).toBe('c');
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('passes the signal to the request and rejects a job added already aborted', async () => {
    const queue = new FetchQueue();
    const controller = new AbortController();
    controller.abort();
    await expect(queue.add(() => Promise.resolve(1), controller.signal)).rejects.toBeInstanceOf(AbortedError);
    const seen: AbortSignal[] = [];
    const live = new AbortController();
    await queue.add((signal) => {
      seen.push(signal);
      return Promise.resolve(1);
    }, live.signal);
    expect(seen[0]).toBe(live.signal);
  });
});
