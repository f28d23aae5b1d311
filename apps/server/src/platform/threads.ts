import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Starts a worker thread on one of the server's entries: `source`, the TypeScript file, run
 * through tsx (development, tests), or `built`, the file of that name the build puts beside
 * the server's (apps/server/scripts/build.mjs), when this code runs compiled.
 */
export function startThread(
  source: URL,
  built: string,
  options: { workerData: unknown; resourceLimits?: ResourceLimits },
): Worker {
  if (source.protocol === 'file:' && import.meta.url.endsWith('.ts')) {
    const tsx = import.meta.resolve('tsx/esm/api');
    return new Worker(
      `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(source.href)}); })`,
      { ...options, eval: true },
    );
  }
  // esbuild puts this code in the server's file or in a chunk under it.
  const entry = [new URL(`./${built}`, import.meta.url), new URL(`../${built}`, import.meta.url)].find((u) =>
    existsSync(fileURLToPath(u)),
  );
  if (!entry) throw new Error(`${built} is missing from the build`);
  return new Worker(entry, options);
}

/**
 * A background thread's priority (Unix nice 10): against the server's thread it gets a
 * ninth of a core's share, so requests go first; not the lowest (19), which on a machine
 * shared with other busy processes left an import hardly running at all.
 */
export const BACKGROUND_PRIORITY = os.constants.priority.PRIORITY_BELOW_NORMAL;

/**
 * Called from a thread doing long background work (an import's parsing and writing): its
 * priority drops to BACKGROUND_PRIORITY, so on a machine of few cores the server's thread answering
 * requests is given a core first (issue 31, item 9: an import's two threads took both cores
 * and viewers waited seconds). On Linux a priority belongs to the thread that sets it, so the
 * server's thread keeps its own; where the system refuses, the thread runs as it was.
 */
export function runInBackground(): void {
  try {
    os.setPriority(BACKGROUND_PRIORITY);
  } catch {
    // A system that refuses only leaves the import as fast as before.
  }
}

/** A call as a thread receives it: what was asked, numbered by the caller. */
export type ThreadCall<B> = B & { id: number };

/** A thread's answer to the call numbered `id`: its value, or the error it threw. */
export type ThreadAnswer<V = unknown> =
  { id: number; value: V } | { id: number; error: { name: string; message: string } };

/** The answer a thread gives for a call that threw. */
export function failedAnswer(id: number, error: unknown): ThreadAnswer<never> {
  const e = error instanceof Error ? error : new Error(String(error));
  return { id, error: { name: e.name, message: e.message } };
}

/** Calls to a thread, each answered by its number (`ThreadAnswer`). */
export interface ThreadCaller<B> {
  /** Posts `body` numbered and waits for its answer; once the thread has stopped, fails at once with why. */
  call<V>(body: B): Promise<V>;
  /** Asks the thread to close with `body` (unless it has stopped), then ends it. */
  close(body: B): Promise<void>;
}

/**
 * The caller's side of a thread's calls: the calls waiting for an answer by their number, an
 * error answer thrown again under its name, and every waiting call failed once the thread
 * errs or exits (`name` says which thread in that error).
 */
export function threadCaller<B extends object>(worker: Worker, name: string): ThreadCaller<B> {
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  let gone: Error | null = null;
  const fail = (error: Error) => {
    gone ??= error;
    for (const w of waiting.values()) w.reject(gone);
    waiting.clear();
  };
  worker.on('message', (answer: ThreadAnswer) => {
    const w = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('error' in answer) w?.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
    else w?.resolve(answer.value);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`${name} stopped (exit code ${code})`)));
  const call = <V>(body: B): Promise<V> => {
    if (gone) return Promise.reject(gone);
    const id = next++;
    return new Promise<V>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...body, id } satisfies ThreadCall<B>);
    });
  };
  return {
    call,
    async close(body) {
      if (!gone) await call(body).catch(() => undefined);
      await worker.terminate();
    },
  };
}
