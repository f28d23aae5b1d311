import { describe, expect, it } from 'vitest';
import { attributes, escapeXml, isoDateTime, isoDuration } from './xml';

describe('xml helpers', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('formats durations with millisecond precision', () => {
    expect(isoDuration(6900)).toBe('PT6900S');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(1.5)).toBe('PT1.5S');
    expect(isoDuration(2.0004)).toBe('PT2S');
    expect(isoDuration(0.125)).toBe('PT0.125S');
    expect(() => isoDuration(-1)).toThrow(RangeError);
    expect(() => isoDuration(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('formats instants in UTC, fractional seconds only when present', () => {
    expect(isoDateTime(Date.UTC(2026, 0, 1))).toBe('2026-01-01T00:00:00Z');
    expect(isoDateTime(Date.UTC(2026, 0, 1, 0, 0, 0, 250))).toBe('2026-01-01T00:00:00.250Z');
  });

  it('renders defined attributes in order', () => {
    expect(attributes({ a: 1, b: undefined, c: 'x&y', d: true })).toBe(' a="1" c="x&amp;y" d="true"');
  });
});
