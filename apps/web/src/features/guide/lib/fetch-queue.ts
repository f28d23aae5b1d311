/**
 * The guide's request queue: at most 10 requests at once, each retried 3 times 5 s apart;
 * a job's AbortSignal cancels it, whether waiting, running or between retries.
 */
export const QUEUE_CONCURRENCY = 10;
export const QUEUE_RETRIES = 3;
export const QUEUE_RETRY_DELAY_MS = 5000;

export class AbortedError extends Error {
  constructor() {
    super('Aborted');
    this.name = 'AbortError';
  }
}

interface Job<T> {
  run: (signal: AbortSignal) => Promise<T>;
  signal: AbortSignal;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export interface QueueOptions {
  concurrency?: number;
  retries?: number;
  retryDelayMs?: number;
}

export class FetchQueue {
  private readonly waiting: Job<unknown>[] = [];
  private running = 0;
  private readonly concurrency: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(options: QueueOptions = {}) {
    this.concurrency = options.concurrency ?? QUEUE_CONCURRENCY;
    this.retries = options.retries ?? QUEUE_RETRIES;
    this.retryDelayMs = options.retryDelayMs ?? QUEUE_RETRY_DELAY_MS;
  }

  get active(): number {
    return this.running;
  }

  get pending(): number {
    return this.waiting.length;
  }

  add<T>(run: (signal: AbortSignal) => Promise<T>, signal: AbortSignal = new AbortController().signal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        reject(new AbortedError());
        return;
      }
      const job: Job<T> = { run, signal, resolve, reject };
      this.waiting.push(job as Job<unknown>);
      signal.addEventListener('abort', () => {
        const at = this.waiting.indexOf(job as Job<unknown>);
        if (at >= 0) {
          this.waiting.splice(at, 1);
          reject(new AbortedError());
        }
      });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift() as Job<unknown>;
      this.running += 1;
      void this.execute(job).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async execute(job: Job<unknown>): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      if (job.signal.aborted) return job.reject(new AbortedError());
      try {
        return job.resolve(await job.run(job.signal));
      } catch (error) {
        if (job.signal.aborted) return job.reject(new AbortedError());
        if (attempt >= this.retries) return job.reject(error);
      }
      const waited = await delay(this.retryDelayMs, job.signal);
      if (!waited) return job.reject(new AbortedError());
    }
  }
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
function delay(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      resolve(false);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
