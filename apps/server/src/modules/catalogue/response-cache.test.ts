import { describe, expect, it, vi } from 'vitest';
import { CacheRegistry } from '../../platform/cache';
import { ManualClock } from '../../platform/clock';
import { ResponseCache } from './response-cache';

describe('ResponseCache', () => {
  function setup() {
    const clock = new ManualClock(1_000_000);
    const cache = new ResponseCache(new CacheRegistry(clock), 'test.responses', 15_000, 1024 * 1024);
    let n = 0;
    const build = vi.fn(async () => Buffer.from(`answer ${++n}`));
    return { clock, cache, build };
  }

  it('keeps an answer from the second ask of its key, and answers later asks from memory', async () => {
    const { cache, build } = setup();
    expect(String(await cache.get('w', build))).toBe('answer 1');
    expect(String(await cache.get('w', build))).toBe('answer 2');
    expect(String(await cache.get('w', build))).toBe('answer 2');
    expect(String(await cache.get('w', build))).toBe('answer 2');
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('a key asked once is never kept; concurrent second asks share one build', async () => {
    const { cache, build } = setup();
    for (let i = 0; i < 5; i += 1) await cache.get(`window ${i}`, build);
    expect(build).toHaveBeenCalledTimes(5);
    const answers = await Promise.all([
      cache.get('window 0', build),
      cache.get('window 0', build),
      cache.get('window 0', build),
    ]);
    expect(answers.map(String)).toEqual(['answer 6', 'answer 6', 'answer 6']);
  });

  it('forgets both the answer and the ask after the time to live', async () => {
    const { clock, cache, build } = setup();
    await cache.get('w', build);
    await cache.get('w', build);
    clock.advance(15_001);
    await cache.get('w', build);
    await cache.get('w', build);
    expect(build).toHaveBeenCalledTimes(4);
  });
});
