import { tooManyRequests, type AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { AttemptsRepository } from './attempts.repository';

/** At most `max` counted attempts per `windowMs`, sliding. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Exponential backoff over a long window: the first `free` failures cost nothing, then each
 * further one doubles the wait before the next attempt, from `baseMs` up to `capMs`.
 */
export interface Backoff {
  free: number;
  baseMs: number;
  capMs: number;
  windowMs: number;
}

/**
 * When the key may try again after the failures at `times` (epoch ms, oldest first): null
 * when it may try now. With c failures in the window, c > free waits
 * min(cap, base · 2^(c − free − 1)) after the newest one.
 */
export function backoffUntil(times: readonly number[], policy: Backoff): number | null {
  const over = times.length - policy.free;
  const last = times[times.length - 1];
  if (over <= 0 || last === undefined) return null;
  // 2^40 s is far past any cap; the bound keeps the power finite.
  return last + Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(over - 1, 40));
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

/** A key and how its attempts are limited: a sliding window, or a backoff. */
export type Check = { key: string; limit: Limit } | { key: string; backoff: Backoff };

/** What one check found: the wait it asks for and how many other attempts it counted. */
export interface CheckResult {
  /** Seconds until this check allows an attempt; 0 when it allows this one. */
  wait: number;
  /** The key's other attempts in its window (ones in flight included), this one left out. */
  earlier: number;
}

/** One attempt, already counted against its limits. */
export interface CountedAttempt {
  /** Seconds until the limits allow an attempt; 0 when this one may go ahead. */
  wait: number;
  /** Each check's own result, in the order given. */
  checks: CheckResult[];
  /** Uncounts this attempt: for successes and for attempts refused by the limit itself. */
  forget(): Promise<void>;
}

/** Sliding-window limits stored in the database, so every server process shares them. */
export class AttemptLimiter {
  constructor(
    private readonly attempts: Pick<AttemptsRepository, 'record' | 'since' | 'deleteIds' | 'clear' | 'clearPrefix'>,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts an attempt against each limit before it is tried, then compares with the
   * attempts already there (including ones in flight): checking first and recording
   * after would let a burst of parallel guesses all pass the check.
   */
  async begin(checks: readonly Check[]): Promise<CountedAttempt> {
    const now = this.clock.now();
    const ids: number[] = [];
    const results: CheckResult[] = [];
    for (const check of checks) {
      const windowMs = 'limit' in check ? check.limit.windowMs : check.backoff.windowMs;
      const id = await this.attempts.record(check.key, now, now - windowMs);
      ids.push(id);
      const others = (await this.attempts.since(check.key, now - windowMs + 1))
        .filter((a) => a.id !== id)
        .map((a) => a.at);
      const at = 'limit' in check ? retryAt(others, check.limit) : backoffUntil(others, check.backoff);
      results.push({
        wait: at !== null && at > now ? Math.max(1, Math.ceil((at - now) / 1000)) : 0,
        earlier: others.length,
      });
    }
    return {
      wait: Math.max(0, ...results.map((r) => r.wait)),
      checks: results,
      forget: () => this.attempts.deleteIds(ids),
    };
  }

  clear(key: string): Promise<void> {
    return this.attempts.clear(key);
  }

  clearPrefix(prefix: string): Promise<void> {
    return this.attempts.clearPrefix(prefix);
  }
}
