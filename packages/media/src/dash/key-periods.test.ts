import { describe, expect, it } from 'vitest';
import { LIVE_EPOCH_MS } from '../constants';
import { fixtureManifest } from '../test-support/fixture-manifest';
import { findAll, findOne, parseXml, type XmlElement } from '../test-support/xml';
import { buildLiveMpd, buildRestartMpd, type KeyPeriodOptions } from './dynamic-mpd';
import { assertKeyPeriodSeconds, keyPeriod, keyPeriodAt, keyPeriodSegments, keyPeriodsBetween } from './key-periods';
import { mapClipSegment } from './segment-map';
import { kidToUuid } from '../keys';

describe('key period arithmetic', () => {
  it('cuts the timeline into [k·P, (k+1)·P)', () => {
    expect(keyPeriodAt(0, 3600)).toEqual({ index: 0, startSeconds: 0, endSeconds: 3600 });
    expect(keyPeriodAt(3599.999, 3600).index).toBe(0);
    expect(keyPeriodAt(3600, 3600)).toEqual({ index: 1, startSeconds: 3600, endSeconds: 7200 });
    expect(keyPeriod(5, 60)).toEqual({ index: 5, startSeconds: 300, endSeconds: 360 });
    expect(() => keyPeriodAt(-1, 3600)).toThrow(RangeError);
    expect(() => keyPeriod(-1, 3600)).toThrow(RangeError);
    expect(() => keyPeriod(1.5, 3600)).toThrow(RangeError);
  });

  it('lists the periods overlapping a range, clamped at the timeline start', () => {
    expect(keyPeriodsBetween(100, 100, 3600).map((p) => p.index)).toEqual([0]);
    expect(keyPeriodsBetween(3000, 7300, 3600).map((p) => p.index)).toEqual([0, 1, 2]);
    // An end exactly on a boundary touches the next period (its first instant).
    expect(keyPeriodsBetween(3000, 3600, 3600).map((p) => p.index)).toEqual([0, 1]);
    expect(keyPeriodsBetween(-500, 10, 3600).map((p) => p.index)).toEqual([0]);
    expect(keyPeriodsBetween(-500, -10, 3600)).toEqual([]);
    expect(() => keyPeriodsBetween(10, 9, 3600)).toThrow(RangeError);
  });

  it('gives each period its own segment numbers, continuing across periods', () => {
    expect(keyPeriodSegments(0, 3600, 2)).toEqual({ first: 1, last: 1800 });
    expect(keyPeriodSegments(1, 3600, 2)).toEqual({ first: 1801, last: 3600 });
    expect(keyPeriodSegments(3, 20, 2)).toEqual({ first: 31, last: 40 });
  });

  it('accepts only whole numbers of segments', () => {
    expect(() => assertKeyPeriodSeconds(3600, 2)).not.toThrow();
    expect(() => assertKeyPeriodSeconds(21, 2)).toThrow(/whole number of segments/);
    expect(() => assertKeyPeriodSeconds(0, 2)).toThrow(RangeError);
    expect(() => assertKeyPeriodSeconds(1.5, 2)).toThrow(RangeError);
  });
});

describe('live and restart MPDs with key periods', () => {
  const clip = fixtureManifest();
  const urls = { licenseUrl: 'https://api.example/licence/s1' };
  const utcTiming = { url: 'https://api.example/time' };
  /** A kid per period that shows the index: 0000…000k. */
  const kidOf = (index: number) => index.toString(16).padStart(32, '0');
  const keyPeriods: KeyPeriodOptions = {
    seconds: 3600,
    key: (index) => ({ kid: kidOf(index), baseUrl: `https://cdn.example/media/s/channel-12.p${index}/` }),
  };
  const hours = (h: number) => LIVE_EPOCH_MS + h * 3600_000;
  const periodsOf = (xml: string) => findAll(parseXml(xml), 'Period');
  const kidsOf = (period: XmlElement) => [
    ...new Set(
      findAll(period, 'ContentProtection')
        .map((c) => c.attrs['cenc:default_KID'])
        .filter(Boolean),
    ),
  ];

  it('names another default_KID and BaseURL an hour later (injected clock)', () => {
    const at = (nowMs: number) =>
      buildLiveMpd({ clip, nowMs, urls, utcTiming, keyPeriods, timeShiftBufferDepthSeconds: 60 });
    const before = periodsOf(at(hours(7) + 20 * 60_000));
    const after = periodsOf(at(hours(8) + 20 * 60_000));
    expect(before.map((p) => p.attrs.id)).toEqual(['p7']);
    expect(after.map((p) => p.attrs.id)).toEqual(['p8']);
    expect(kidsOf(before[0] as XmlElement)).toEqual([kidToUuid(kidOf(7))]);
    expect(kidsOf(after[0] as XmlElement)).toEqual([kidToUuid(kidOf(8))]);
    expect(findOne(after[0] as XmlElement, 'BaseURL').text).toBe('https://cdn.example/media/s/channel-12.p8/');
    // No BaseURL at the MPD level: each Period says where its own key's segments are.
    expect(parseXml(at(hours(8) + 20 * 60_000)).children.map((c) => c.name)).toEqual(['Period', 'UTCTiming']);
  });

  it('lists the periods of the time-shift window and announces the next one shortly before it starts', () => {
    const mpd = buildLiveMpd({ clip, nowMs: hours(10) - 20_000, urls, utcTiming, keyPeriods });
    const list = periodsOf(mpd);
    // 115 min back from 9:59:40 reaches into hour 8; hour 10 starts in 20 s (announced 30 s ahead).
    expect(list.map((p) => [p.attrs.id, p.attrs.start])).toEqual([
      ['p8', `PT${8 * 3600}S`],
      ['p9', `PT${9 * 3600}S`],
      ['p10', `PT${10 * 3600}S`],
    ]);
    expect(
      periodsOf(buildLiveMpd({ clip, nowMs: hours(10) - 40_000, urls, utcTiming, keyPeriods })).map((p) => p.attrs.id),
    ).toEqual(['p8', 'p9']);
    // Segment numbers and timestamps run on across the boundary: p10 starts where p9 ends.
    const template = (p: XmlElement, id: string) =>
      findOne(findOne(p, 'Representation', { id }), 'SegmentTemplate').attrs;
    expect(template(list[1] as XmlElement, 'video-720p')).toMatchObject({
      startNumber: String(9 * 1800 + 1),
      presentationTimeOffset: String(9 * 3600 * 90000),
    });
    expect(template(list[2] as XmlElement, 'video-720p')).toMatchObject({
      startNumber: String(10 * 1800 + 1),
      presentationTimeOffset: String(10 * 3600 * 90000),
    });
    expect(template(list[2] as XmlElement, 'audio-spa')).toMatchObject({
      startNumber: String(10 * 1800 + 1),
      presentationTimeOffset: String(10 * 3600 * 32000),
    });
    // The segment a period starts with is the clip segment the loop mapping gives it: no jump in the picture.
    expect(mapClipSegment(clip, 'video-720p', 10 * 1800 + 1).clipSegment).toBe(((10 * 1800) % 30) + 1);
    expect(kidsOf(list[2] as XmlElement)).toEqual([kidToUuid(kidOf(10))]);
  });

  it('starts a restart window mid-period at presentation time 0 and keeps the channel numbering', () => {
    const programmeStartMs = hours(9) + 30 * 60_000;
    const mpd = buildRestartMpd({ clip, nowMs: hours(10) + 5 * 60_000, programmeStartMs, urls, utcTiming, keyPeriods });
    const list = periodsOf(mpd);
    expect(list.map((p) => [p.attrs.id, p.attrs.start])).toEqual([
      ['p9', 'PT0S'],
      ['p10', 'PT1800S'],
    ]);
    const first = findOne(
      findOne(list[0] as XmlElement, 'Representation', { id: 'video-360p' }),
      'SegmentTemplate',
    ).attrs;
    expect(first).toMatchObject({
      startNumber: String(9.5 * 1800 + 1),
      presentationTimeOffset: String(9.5 * 3600 * 90000),
    });
  });

  it('refuses a key period that is not a whole number of segments', () => {
    expect(() =>
      buildLiveMpd({ clip, nowMs: hours(1), urls, utcTiming, keyPeriods: { ...keyPeriods, seconds: 3601 } }),
    ).toThrow(RangeError);
  });
});
