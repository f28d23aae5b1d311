import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { syntheticM3u, syntheticProgrammeCount, syntheticXmltv } from './synthetic-guide';
import { parseGuide } from './test-helpers';

const digest = (pieces: Iterable<string>) => {
  const hash = createHash('sha256');
  for (const p of pieces) hash.update(p);
  return hash.digest('hex');
};

describe('synthetic guides', () => {
  it('are the same bytes for the same options, different for another seed', () => {
    const options = { channels: 30, days: 2 };
    expect(digest(syntheticXmltv(options))).toBe(digest(syntheticXmltv(options)));
    expect(digest(syntheticXmltv({ ...options, seed: 2 }))).not.toBe(digest(syntheticXmltv(options)));
    expect(digest(syntheticM3u({ channels: 30 }))).toBe(digest(syntheticM3u({ channels: 30 })));
  });

  it('are valid XMLTV covering every channel and day without gaps', () => {
    const options = { channels: 25, days: 3, programmesPerChunk: 40 };
    const { channels, programmes, summary } = parseGuide([...syntheticXmltv(options)].join(''));
    expect(summary.problems).toEqual([]);
    expect(channels).toHaveLength(25);
    expect(programmes).toHaveLength(syntheticProgrammeCount(options));
    for (const span of summary.spans.values())
      expect(span).toMatchObject({ from: Date.UTC(2026, 5, 15), to: Date.UTC(2026, 5, 18) });
  });

  it('stream out in pieces of the size asked', () => {
    const sizes = [...syntheticXmltv({ channels: 5, days: 1, programmesPerChunk: 10 })].map(
      (p) => (p.match(/<programme /g) ?? []).length,
    );
    expect(sizes.slice(1, -1).every((n) => n === 10)).toBe(true);
  });
});

describe('synthetic guides in day order', () => {
  it('interleave channels day by day, with the same coverage', () => {
    const options = { channels: 6, days: 3, order: 'day' as const };
    const { programmes, summary } = parseGuide([...syntheticXmltv(options)].join(''));
    expect(summary.problems).toEqual([]);
    expect(programmes).toHaveLength(syntheticProgrammeCount(options));
    expect(new Set(programmes.slice(0, 40).map((p) => p.channel)).size).toBeGreaterThan(1);
    for (const span of summary.spans.values())
      expect(span).toMatchObject({ from: Date.UTC(2026, 5, 15), to: Date.UTC(2026, 5, 18) });
  });
});
