import { describe, expect, it } from 'vitest';
import {
  channelPeriodKey,
  generationKey,
  KEY_PERIOD_LEAD_SECONDS,
  livePeriodsAllowed,
  parseStreamKey,
  periodSegments,
  periodServed,
  streamKeyName,
} from './stream-keys';

const H = 3600;

describe('key names', () => {
  it('names a channel hour and a title or programme generation, and reads them back', () => {
    expect(channelPeriodKey(12, 7)).toBe('channel-12.p7');
    expect(generationKey('film', 3, 2)).toBe('film-3.g2');
    expect(generationKey('programme', 77, 1)).toBe('programme-77.g1');
    expect(streamKeyName('episode', 5)).toBe('episode-5');
    expect(parseStreamKey('channel-12.p7')).toEqual({ kind: 'channel', id: 12, period: 7 });
    expect(parseStreamKey('channel-12.p0')).toEqual({ kind: 'channel', id: 12, period: 0 });
    expect(parseStreamKey('film-3.g2')).toEqual({ kind: 'film', id: 3, generation: 2 });
    expect(parseStreamKey('episode-5.g1')).toEqual({ kind: 'episode', id: 5, generation: 1 });
    expect(parseStreamKey('programme-77.g9')).toEqual({ kind: 'programme', id: 77, generation: 9 });
  });

  it('reads nothing else as a stream key: bare names, crossed suffixes, generation 0, huge ids', () => {
    for (const name of [
      'channel-12',
      'film-3',
      'clip-1',
      'trailer-2',
      'channel-12.g1',
      'film-3.p1',
      'film-3.g0',
      'channel-1.p',
      'channel-99999999999.p1',
      'channel-2147483648.p1',
      'channel-1.p1.p2',
      'Channel-1.p1',
    ]) {
      expect(parseStreamKey(name), name).toBeNull();
    }
    expect(parseStreamKey('channel-2147483647.p1')).toEqual({ kind: 'channel', id: 2147483647, period: 1 });
  });
});

describe('which key periods a live session may hold', () => {
  it('gives the periods of the window back from now, the next one only within the lead', () => {
    const idx = (now: number, window: number) => livePeriodsAllowed(now, window, H).map((p) => p.index);
    expect(idx(10 * H + 1800, 7200)).toEqual([8, 9, 10]);
    expect(idx(10 * H + 1800, 60)).toEqual([10]);
    expect(idx(10 * H + 30, 60)).toEqual([9, 10]);
    expect(idx(11 * H - KEY_PERIOD_LEAD_SECONDS - 1, 60)).toEqual([10]);
    expect(idx(11 * H - KEY_PERIOD_LEAD_SECONDS, 60)).toEqual([10, 11]);
    expect(idx(100, 7200)).toEqual([0]);
  });

  it('serves a period from a minute before it starts until it leaves the deepest window', () => {
    expect(periodServed(10, 10 * H - 61, 7200, H)).toBe(false);
    expect(periodServed(10, 10 * H - 60, 7200, H)).toBe(true);
    expect(periodServed(10, 13 * H - 1, 7200, H)).toBe(true);
    expect(periodServed(10, 13 * H, 7200, H)).toBe(false);
    expect(periodServed(0, -61, 7200, H)).toBe(false);
  });

  it('serves under a period key only that period’s segments, numbering on across periods', () => {
    expect(periodSegments(0, H, 2)).toEqual({ first: 1, last: 1800 });
    expect(periodSegments(10, H, 2)).toEqual({ first: 18001, last: 19800 });
  });
});
