import { tooManyRequests, type AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { AttemptsRepository } from './attempts.repository';

/** At most `max` counted attempts per `windowMs`, sliding. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** When the key may try again: null when under its limit, else epoch ms. */
export function retryAt(times: readonly number[], limit: Limit): number | null {
  if (times.length < limit.max) return null;
  // The attempt whose expiry brings the count back under the limit.
  const freeing = times[times.length - limit.max];
  return freeing === undefined ? null : freeing + limit.windowMs;
}

/** Spanish wording of a wait, rounded up to whole minutes (or seconds under one). */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/** A 429 whose data carries the wait; the routes copy it into Retry-After. */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return tooManyRequests(message, retryAfterSeconds);
}

/** One attempt, already counted against its limits. */
export interface CountedAttempt {
  /** Seconds until the limits allow an attempt; 0 when this one may go ahead. */
  wait: number;
  /** Uncounts this attempt: for successes and for attempts refused by the limit itself. */
  forget(): Promise<void>;
}

/** Sliding-window limits stored in the database, so every server process shares them. */
export class AttemptLimiter {
  constructor(
    private readonly attempts: AttemptsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts an attempt against each limit before it is tried, then compares with the
   * attempts already there (including ones in flight): checking first and recording
   * after would let a burst of parallel guesses all pass the check.
   */
  async begin(checks: readonly { key: string; limit: Limit }[]): Promise<CountedAttempt> {
    const now = this.clock.now();
    const ids: number[] = [];
    let wait = 0;
    for (const { key, limit } of checks) {
      const id = await this.attempts.record(key, now, now - limit.windowMs);
      ids.push(id);
      const others = (await this.attempts.since(key, now - limit.windowMs + 1)).filter((a) => a.id !== id).map((a) => a.at);
      const at = retryAt(others, limit);
      if (at !== null) wait = Math.max(wait, Math.max(1, Math.ceil((at - now) / 1000)));
    }
    return { wait, forget: () => this.attempts.deleteIds(ids) };
  }

  clear(key: string): Promise<void> {
    return this.attempts.clear(key);
  }

  clearPrefix(prefix: string): Promise<void> {
    return this.attempts.clearPrefix(prefix);
  }
}
