import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { AttemptLimiter, backoffUntil, describeWait, retryAt } from './attempt-limit';

describe('sliding-window limits', () => {
  const limit = { max: 3, windowMs: 1000 };
  it('lets a key under its limit try now', () => {
    expect(retryAt([], limit)).toBeNull();
    expect(retryAt([10, 20], limit)).toBeNull();
  });
  it('waits until enough attempts leave the window', () => {
    expect(retryAt([10, 20, 30], limit)).toBe(1010);
    expect(retryAt([10, 20, 30, 40], limit)).toBe(1020);
  });
  it('words waits in Spanish, rounding up to minutes', () => {
    expect(describeWait(1)).toBe('1 segundo');
    expect(describeWait(45)).toBe('45 segundos');
    expect(describeWait(60)).toBe('1 minuto');
    expect(describeWait(61)).toBe('2 minutos');
    expect(describeWait(900)).toBe('15 minutos');
  });
});

describe('exponential backoff', () => {
  const policy = { free: 5, baseMs: 1000, capMs: 15 * 60 * 1000, windowMs: 24 * 60 * 60 * 1000 };
  it('costs nothing for the first failures', () => {
    expect(backoffUntil([], policy)).toBeNull();
    expect(backoffUntil([1, 2, 3, 4, 5], policy)).toBeNull();
  });
  it('doubles the wait after the newest failure with each one past the free ones, up to the cap', () => {
    const at = (n: number) => Array.from({ length: n }, (_, i) => i * 10);
    expect(backoffUntil(at(6), policy)).toBe(50 + 1000);
    expect(backoffUntil(at(7), policy)).toBe(60 + 2000);
    expect(backoffUntil(at(15), policy)).toBe(140 + 512_000);
    expect(backoffUntil(at(16), policy)).toBe(150 + 900_000);
    expect(backoffUntil(at(5000), policy)).toBe(49_990 + 900_000);
  });
});

/** The attempt log in memory, so the limiter's arithmetic runs against a clock the test moves. */
class MemoryAttempts {
  private rows: { id: number; key: string; at: number }[] = [];
  private next = 1;
  async record(key: string, at: number, forgetBefore: number): Promise<number> {
    this.rows = this.rows.filter((r) => r.key !== key || r.at >= forgetBefore);
    this.rows.push({ id: this.next, key, at });
    return this.next++;
  }
  async since(key: string, since: number) {
    return this.rows.filter((r) => r.key === key && r.at >= since).map(({ id, at }) => ({ id, at }));
  }
  async deleteIds(ids: readonly number[]) {
    this.rows = this.rows.filter((r) => !ids.includes(r.id));
  }
  async clear(key: string) {
    this.rows = this.rows.filter((r) => r.key !== key);
  }
  async clearPrefix(prefix: string) {
    this.rows = this.rows.filter((r) => !r.key.startsWith(prefix));
  }
}

describe('the limiter with a backoff, on an injected clock', () => {
  const policy = { free: 5, baseMs: 1000, capMs: 15 * 60 * 1000, windowMs: 24 * 60 * 60 * 1000 };
  const setup = () => {
    const clock = new ManualClock();
    return { clock, limiter: new AttemptLimiter(new MemoryAttempts(), clock) };
  };

  it('lets five failures through, then asks for 1 s, 2 s, 4 s … as the clock moves on', async () => {
    const { clock, limiter } = setup();
    const tryOnce = () => limiter.begin([{ key: 'k', backoff: policy }]);
    for (let i = 0; i < 6; i++) expect((await tryOnce()).wait).toBe(0);
    for (const seconds of [1, 2, 4, 8]) {
      const refused = await tryOnce();
      expect(refused.wait).toBe(seconds);
      await refused.forget();
      clock.advance(seconds * 1000 - 1);
      const early = await tryOnce();
      expect(early.wait).toBe(1);
      await early.forget();
      clock.advance(1);
      expect((await tryOnce()).wait).toBe(0);
    }
  });

  it('counts the earlier failures and forgets them after the window', async () => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 5; i++) await limiter.begin([{ key: 'k', backoff: policy }]);
    expect((await limiter.begin([{ key: 'k', backoff: policy }])).checks[0]).toEqual({ wait: 0, earlier: 5 });
    clock.advance(policy.windowMs);
    expect((await limiter.begin([{ key: 'k', backoff: policy }])).checks[0]).toEqual({ wait: 0, earlier: 0 });
  });

  it('knocking while refused does not lengthen the wait', async () => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 7; i++) await limiter.begin([{ key: 'k', backoff: policy }]);
    // Seven failures: the next may come 2 s after the last.
    for (let i = 0; i < 10; i++) {
      const refused = await limiter.begin([{ key: 'k', backoff: policy }]);
      expect(refused.wait).toBeGreaterThan(0);
      await refused.forget();
      clock.advance(150);
    }
    clock.advance(500);
    expect((await limiter.begin([{ key: 'k', backoff: policy }])).wait).toBe(0);
  });
});
