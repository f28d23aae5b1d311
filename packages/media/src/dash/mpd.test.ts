import { describe, expect, it } from 'vitest';
import { LIVE_EPOCH_MS } from '../constants';
import { FIXTURE_KEY, fixtureManifest } from '../test-support/fixture-manifest';
import { findAll, findOne, parseXml, type XmlElement } from '../test-support/xml';
import { buildLiveMpd, buildRestartMpd } from './dynamic-mpd';
import { CLEARKEY_SYSTEM_ID, type MpdUrls } from './period';
import { buildCatchupMpd, buildVodMpd } from './static-mpd';

const clip = fixtureManifest();
const urls: MpdUrls = {
  baseUrl: 'https://cdn.example/o/TOKEN/clip-1/',
  query: 'sig=a$b&exp=9',
  licenseUrl: 'https://api.example/licence?c=clip-1&x=1',
};
const utcTiming = { url: 'https://api.example/time' };
const nowMs = Date.UTC(2026, 10, 22, 21, 30, 17, 654);

const templates = (mpd: XmlElement) => findAll(mpd, 'SegmentTemplate');
const templateOf = (mpd: XmlElement, representationId: string) =>
  findOne(findOne(mpd, 'Representation', { id: representationId }), 'SegmentTemplate');

/** Checks that hold for every MPD kind. */
function expectCommonStructure(xml: string): XmlElement {
  const mpd = parseXml(xml);
  expect(mpd.name).toBe('MPD');
  expect(mpd.attrs).toMatchObject({
    xmlns: 'urn:mpeg:dash:schema:mpd:2011',
    'xmlns:cenc': 'urn:mpeg:cenc:2013',
    'xmlns:dashif': 'https://dashif.org/CPS',
    profiles: 'urn:mpeg:dash:profile:isoff-live:2011',
  });
  expect(xml).not.toContain(FIXTURE_KEY.key); // the key never travels in a manifest
  expect(findOne(mpd, 'BaseURL').text).toBe(urls.baseUrl);
  const sets = findAll(mpd, 'AdaptationSet');
  expect(sets.map((s) => `${s.attrs.contentType}:${s.attrs.lang ?? ''}`)).toEqual([
    'video:',
    'audio:es',
    'audio:en',
    'text:es',
    'image:',
  ]);
  expect(new Set(sets.map((s) => s.attrs.id)).size).toBe(5);

  for (const set of sets.slice(0, 3)) {
    const [cenc, clearKey] = findAll(set, 'ContentProtection');
    expect(cenc?.attrs).toEqual({
      schemeIdUri: 'urn:mpeg:dash:mp4protection:2011',
      value: 'cenc',
      'cenc:default_KID': '01234567-89ab-cdef-0123-456789abcdef',
    });
    expect(clearKey?.attrs.schemeIdUri).toBe(`urn:uuid:${CLEARKEY_SYSTEM_ID}`);
    expect(findOne(clearKey as XmlElement, 'dashif:Laurl').text).toBe(urls.licenseUrl);
  }
  expect(findAll(sets[3] as XmlElement, 'ContentProtection')).toHaveLength(0);

  const [video, spa, eng, text, image] = sets as [XmlElement, XmlElement, XmlElement, XmlElement, XmlElement];
  expect(video.attrs).toMatchObject({
    mimeType: 'video/mp4',
    maxWidth: '1280',
    maxHeight: '720',
    frameRate: '25',
    segmentAlignment: 'true',
    startWithSAP: '1',
  });
  expect(
    findAll(video, 'Representation').map((r) => `${r.attrs.id} ${r.attrs.width}x${r.attrs.height} ${r.attrs.codecs}`),
  ).toEqual(['video-360p 640x360 avc1.4d401e', 'video-720p 1280x720 avc1.64001f']);
  expect(findOne(spa, 'Role').attrs.value).toBe('main');
  expect(findOne(eng, 'Role').attrs.value).toBe('alternate');
  expect(findOne(spa, 'Label').text).toBe('Español');
  expect(findOne(spa, 'AudioChannelConfiguration').attrs.value).toBe('1');
  expect(findOne(spa, 'Representation').attrs).toMatchObject({ codecs: 'mp4a.40.2', audioSamplingRate: '32000' });
  expect(text.attrs.mimeType).toBe('application/mp4');
  expect(findOne(text, 'Role').attrs.value).toBe('subtitle');
  expect(findOne(text, 'Representation').attrs.codecs).toBe('wvtt');
  expect(image.attrs.mimeType).toBe('image/jpeg');
  expect(findOne(image, 'EssentialProperty').attrs).toEqual({
    schemeIdUri: 'http://dashif.org/thumbnail_tile',
    value: '5x5',
  });
  expect(findOne(image, 'Representation').attrs).toMatchObject({ width: '1280', height: '720' });
  expect(findOne(image, 'SegmentTemplate').attrs).toMatchObject({
    timescale: '1',
    duration: '500',
    media: 'thumbs/$Number$.jpg?sig=a$$b&exp=9',
  });

  expect(templateOf(mpd, 'video-720p').attrs).toMatchObject({
    timescale: '90000',
    duration: '180000',
    initialization: 'video-720p/init.mp4?sig=a$$b&exp=9',
    media: 'video-720p/$Number$.m4s?sig=a$$b&exp=9',
  });
  expect(templateOf(mpd, 'audio-eng').attrs).toMatchObject({ timescale: '32000', duration: '64000' });
  expect(templateOf(mpd, 'text-es').attrs).toMatchObject({ timescale: '1000', duration: '2000' });
  return mpd;
}

describe('buildVodMpd', () => {
  const xml = buildVodMpd({ clip, durationSeconds: 5400.5, urls });
  const mpd = expectCommonStructure(xml);

  it('is static at the catalogue duration, numbered from 1 with no offset', () => {
    expect(mpd.attrs).toMatchObject({ type: 'static', mediaPresentationDuration: 'PT5400.5S', minBufferTime: 'PT2S' });
    expect(findOne(mpd, 'Period').attrs).toEqual({ id: 'p0', start: 'PT0S', duration: 'PT5400.5S' });
    expect(
      templates(mpd).every((t) => t.attrs.startNumber === '1' && t.attrs.presentationTimeOffset === undefined),
    ).toBe(true);
    expect(mpd.attrs.availabilityStartTime).toBeUndefined();
    expect(findAll(mpd, 'UTCTiming')).toHaveLength(0);
  });

  it('leaves segment URLs relative to the MPD without a base URL or query', () => {
    const bare = parseXml(buildVodMpd({ clip, durationSeconds: 60, urls: { licenseUrl: 'https://l' } }));
    expect(findAll(bare, 'BaseURL')).toHaveLength(0);
    expect(templateOf(bare, 'video-360p').attrs.media).toBe('video-360p/$Number$.m4s');
  });

  it('refuses a non-positive duration', () => {
    expect(() => buildVodMpd({ clip, durationSeconds: 0, urls })).toThrow(RangeError);
  });
});

describe('buildLiveMpd', () => {
  const xml = buildLiveMpd({ clip, nowMs, urls, utcTiming });
  const mpd = expectCommonStructure(xml);

  it('is dynamic from the fixed anchor with the 115-minute window', () => {
    expect(mpd.attrs).toMatchObject({
      type: 'dynamic',
      availabilityStartTime: '2026-01-01T00:00:00Z',
      publishTime: '2026-11-22T21:30:17Z',
      timeShiftBufferDepth: 'PT6900S',
      minimumUpdatePeriod: 'PT30S',
      suggestedPresentationDelay: 'PT6S',
      maxSegmentDuration: 'PT2S',
    });
    expect(mpd.attrs.mediaPresentationDuration).toBeUndefined();
    expect(findOne(mpd, 'Period').attrs).toEqual({ id: 'p0', start: 'PT0S' });
    expect(
      templates(mpd).every((t) => t.attrs.startNumber === '1' && t.attrs.presentationTimeOffset === undefined),
    ).toBe(true);
  });

  it('points UTCTiming at the caller URL, http-iso unless told otherwise', () => {
    expect(findOne(mpd, 'UTCTiming').attrs).toEqual({
      schemeIdUri: 'urn:mpeg:dash:utc:http-iso:2014',
      value: utcTiming.url,
    });
    const xs = parseXml(buildLiveMpd({ clip, nowMs, urls, utcTiming: { scheme: 'http-xsdate', url: 'https://t' } }));
    expect(findOne(xs, 'UTCTiming').attrs.schemeIdUri).toBe('urn:mpeg:dash:utc:http-xsdate:2014');
    // UTCTiming follows the Period, as the MPD schema orders it.
    expect(mpd.children.map((c) => c.name)).toEqual(['BaseURL', 'Period', 'UTCTiming']);
  });

  it('takes a per-channel anchor and window options', () => {
    const other = parseXml(
      buildLiveMpd({
        clip,
        nowMs,
        channelStartMs: LIVE_EPOCH_MS + 14_000,
        urls,
        utcTiming,
        timeShiftBufferDepthSeconds: 600,
        minimumUpdatePeriodSeconds: 10,
        suggestedPresentationDelaySeconds: 8,
      }),
    );
    expect(other.attrs).toMatchObject({
      availabilityStartTime: '2026-01-01T00:00:14Z',
      timeShiftBufferDepth: 'PT600S',
      minimumUpdatePeriod: 'PT10S',
      suggestedPresentationDelay: 'PT8S',
    });
  });

  it('refuses a clock before the anchor', () => {
    expect(() => buildLiveMpd({ clip, nowMs: LIVE_EPOCH_MS - 1, urls, utcTiming })).toThrow(RangeError);
  });
});

describe('buildRestartMpd', () => {
  const channelStartMs = LIVE_EPOCH_MS;
  const programmeStartMs = Date.UTC(2026, 10, 22, 21, 0, 0);
  const offset = (programmeStartMs - channelStartMs) / 1000; // 27987600 s, on the 2 s grid
  const mpd = expectCommonStructure(
    buildRestartMpd({ clip, nowMs, channelStartMs, programmeStartMs, urls, utcTiming }),
  );

  it('re-anchors the live timeline at the programme start', () => {
    expect(mpd.attrs).toMatchObject({
      type: 'dynamic',
      availabilityStartTime: '2026-11-22T21:00:00Z',
      timeShiftBufferDepth: 'PT6900S',
    });
  });

  it('keeps the channel segment numbers and timestamps through startNumber and presentationTimeOffset', () => {
    expect(templateOf(mpd, 'video-720p').attrs).toMatchObject({
      startNumber: String(offset / 2 + 1),
      presentationTimeOffset: String(offset * 90000),
    });
    expect(templateOf(mpd, 'audio-spa').attrs).toMatchObject({
      startNumber: String(offset / 2 + 1),
      presentationTimeOffset: String(offset * 32000),
    });
    expect(templateOf(mpd, 'text-es').attrs.presentationTimeOffset).toBe(String(offset * 1000));
    // 27987600 s = 1399380 tiles: phase 0, and thumbnail numbering restarts at the window.
    expect(findOne(findOne(mpd, 'AdaptationSet', { contentType: 'image' }), 'SegmentTemplate').attrs.startNumber).toBe(
      '1',
    );
  });

  it('refuses a programme before the channel timeline or in the future', () => {
    expect(() =>
      buildRestartMpd({ clip, nowMs, channelStartMs, programmeStartMs: channelStartMs - 1000, urls, utcTiming }),
    ).toThrow(RangeError);
    expect(() =>
      buildRestartMpd({ clip, nowMs, channelStartMs, programmeStartMs: nowMs + 60_000, urls, utcTiming }),
    ).toThrow(RangeError);
  });
});

describe('buildCatchupMpd', () => {
  const channelStartMs = LIVE_EPOCH_MS + 36_000;
  const programmeStartMs = Date.UTC(2026, 10, 22, 20, 0, 0);
  const programmeEndMs = Date.UTC(2026, 10, 22, 21, 0, 0);
  const mpd = expectCommonStructure(
    buildCatchupMpd({ clip, channelStartMs, programmeStartMs, programmeEndMs, nowMs, urls }),
  );
  const offset = (programmeStartMs - channelStartMs) / 1000;

  it('is a static window as long as the programme', () => {
    expect(mpd.attrs).toMatchObject({ type: 'static', mediaPresentationDuration: 'PT3600S' });
    expect(findOne(mpd, 'Period').attrs.duration).toBe('PT3600S');
    expect(mpd.attrs.availabilityStartTime).toBeUndefined();
  });

  it('starts at the programme start on the channel timeline', () => {
    expect(templateOf(mpd, 'video-360p').attrs).toMatchObject({
      startNumber: String(offset / 2 + 1),
      presentationTimeOffset: String(offset * 90000),
    });
    // The window's first tile is tile offset/20 of the channel: its phase picks the start number.
    const image = findOne(findOne(mpd, 'AdaptationSet', { contentType: 'image' }), 'SegmentTemplate');
    const phase = Math.floor(offset / 20) % 3;
    expect(((Number(image.attrs.startNumber) - 1) * 25) % 3).toBe(phase);
  });

  it('starts mid-segment when the programme does, with an exact presentationTimeOffset', () => {
    const odd = parseXml(
      buildCatchupMpd({
        clip,
        channelStartMs: LIVE_EPOCH_MS,
        programmeStartMs: LIVE_EPOCH_MS + 3000,
        programmeEndMs: LIVE_EPOCH_MS + 63_000,
        nowMs,
        urls,
      }),
    );
    expect(templateOf(odd, 'video-360p').attrs).toMatchObject({ startNumber: '2', presentationTimeOffset: '270000' });
    expect(templateOf(odd, 'audio-spa').attrs).toMatchObject({ startNumber: '2', presentationTimeOffset: '96000' });
  });

  it('refuses programmes that have not ended, are inverted, or predate the channel', () => {
    expect(() =>
      buildCatchupMpd({ clip, channelStartMs, programmeStartMs, programmeEndMs: nowMs + 1, nowMs, urls }),
    ).toThrow(/not ended/);
    expect(() =>
      buildCatchupMpd({ clip, channelStartMs, programmeStartMs: programmeEndMs, programmeEndMs, nowMs, urls }),
    ).toThrow(/ends before/);
    expect(() =>
      buildCatchupMpd({ clip, channelStartMs, programmeStartMs: channelStartMs - 2000, programmeEndMs, nowMs, urls }),
    ).toThrow(/before the channel/);
  });
});

describe('escaping', () => {
  it('escapes the licence URL and a base URL with XML specials', () => {
    const xml = buildVodMpd({
      clip,
      durationSeconds: 60,
      urls: { baseUrl: 'https://c/?a=1&b="2"', licenseUrl: 'https://l/?a=<1>&b=2' },
    });
    expect(xml).toContain('<BaseURL>https://c/?a=1&amp;b=&quot;2&quot;</BaseURL>');
    expect(xml).toContain('<dashif:Laurl>https://l/?a=&lt;1&gt;&amp;b=2</dashif:Laurl>');
    expect(findOne(parseXml(xml), 'BaseURL').text).toBe('https://c/?a=1&b="2"');
  });
});
