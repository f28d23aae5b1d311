import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  catchupLink,
  cutvLink,
  decodeCatchupPlayer,
  decodeLegacyPlayer,
  decodePlayerData,
  decodePlayerRoute,
  encodeCatchupData,
  encodePlayerData,
  liveLink,
  playerHref,
  PlayerLinkError,
  recordingLink,
  serieLink,
  vodLink,
  type PlayerData,
} from './player-links';

const dataOf = (href: string) => decodePlayerData(decodeURIComponent(href.replace('/emplayer/', '')));
const routeOf = (href: string) => decodePlayerRoute(decodeURIComponent(href.replace('/emplayer/', '')));

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PlayerLinkError);
    return (error as PlayerLinkError).reason;
  }
  throw new Error('expected a PlayerLinkError');
}

describe('player links', () => {
  it('round-trips fields, including ; and accents', () => {
    const fields = ['12', 'Fútbol; la previa', 'LIVE', '2'];
    expect(decodePlayerData(encodePlayerData(fields))).toEqual(fields);
    expect(encodePlayerData([1, null])).toBe(btoa('1;null'));
  });
  it('encodes a live link with the spec fields', () => {
    const href = liveLink({ channelId: 7, title: 'Noticias', parental: 3, start: 1_700_000_000_000, adult: false });
    expect(href.startsWith('/emplayer/')).toBe(true);
    expect(dataOf(href)).toEqual(['7', 'Noticias', 'LIVE', '3', '7', '1700000000', '0']);
    expect(routeOf(href)).toEqual({
      type: 'LIVE',
      contentId: 7,
      title: 'Noticias',
      parental: 3,
      channelId: 7,
      startSeconds: 1_700_000_000,
      adult: false,
    });
  });
  it('gives adult items parental level 2', () => {
    expect(dataOf(liveLink({ channelId: 9, title: 'X', parental: 7, start: 0, adult: true }))).toEqual([
      '9',
      'X',
      'LIVE',
      '2',
      '9',
      '0',
      '1',
    ]);
  });
  it('encodes the catch-up variant', () => {
    expect(dataOf(catchupLink({ channelId: 7, parental: 2, eventId: 55 }))).toEqual(['7', '', 'CU', '2', '55']);
    expect(routeOf(catchupLink({ channelId: 7, parental: 7, eventId: 55 }))).toEqual({
      type: 'CU',
      channelId: 7,
      parental: 7,
      eventId: 55,
    });
  });
  it('encodes VOD, SERIE and CUTV with their field lists', () => {
    expect(dataOf(vodLink({ contentId: 301, title: 'La película', parental: 2 }))).toEqual([
      '301',
      'La película',
      'VOD',
      '2',
      'null',
      'null',
      '0',
    ]);
    expect(dataOf(vodLink({ contentId: 301, title: 'P', parental: 7, position: 61_500, adult: true }))).toEqual([
      '301',
      'P',
      'VOD',
      '2',
      'null',
      '61',
      '1',
    ]);
    expect(dataOf(serieLink({ episodeId: 4001, title: 'Episodio 1', parental: 3, serieId: 40, season: 2 }))).toEqual([
      '4001',
      'Episodio 1',
      'SERIE',
      '3',
      '40',
      '2',
    ]);
    expect(
      dataOf(cutvLink({ eventId: 900, title: 'Informativo', parental: 2, channelId: 5, start: 1_000_000 })),
    ).toEqual(['900', 'Informativo', 'CUTV', '2', '5', '1000', '0']);
  });
  it('encodes and decodes a recording link (issue 29)', () => {
    const href = recordingLink({ recordingId: 31, title: 'Cine; de barrio', channelId: 2, eventId: 900 });
    expect(dataOf(href)).toEqual(['31', 'Cine; de barrio', 'REC', '2', '2', '900']);
    expect(routeOf(href)).toEqual({
      type: 'REC',
      contentId: 31,
      title: 'Cine; de barrio',
      parental: 2,
      channelId: 2,
      eventId: 900,
    });
    expect(reasonOf(() => decodePlayerRoute(encodePlayerData(['31', 'T', 'REC', '2', '2'])))).toBe('number');
  });
  it('decodes what it encodes, for any data', () => {
    const idArb = fc.integer({ min: 0, max: 2 ** 40 });
    const seconds = fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: null });
    const title = fc.string({ unit: 'grapheme', maxLength: 40 });
    const data: fc.Arbitrary<PlayerData> = fc.oneof(
      fc.record({
        type: fc.constant('LIVE' as const),
        contentId: idArb,
        title,
        parental: idArb,
        channelId: idArb,
        startSeconds: seconds,
        adult: fc.boolean(),
      }),
      fc.record({
        type: fc.constant('CUTV' as const),
        contentId: idArb,
        title,
        parental: idArb,
        channelId: idArb,
        startSeconds: seconds,
        adult: fc.boolean(),
      }),
      fc.record({
        type: fc.constant('VOD' as const),
        contentId: idArb,
        title,
        parental: idArb,
        extra: fc.option(
          fc.string({ minLength: 1 }).filter((s) => s !== 'null'),
          { nil: null },
        ),
        positionSeconds: seconds,
        adult: fc.boolean(),
      }),
      fc.record({
        type: fc.constant('SERIE' as const),
        contentId: idArb,
        title,
        parental: idArb,
        serieId: idArb,
        season: idArb,
      }),
      fc.record({ type: fc.constant('CU' as const), channelId: idArb, parental: idArb, eventId: seconds }),
    );
    fc.assert(
      fc.property(data, (value) => {
        expect(routeOf(playerHref(value))).toEqual(value);
      }),
    );
  });
  it('accepts base64url and missing padding', () => {
    const encoded = encodePlayerData([7, '??>', 'LIVE', 2, 7, null, 0]);
    const url = encoded.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodePlayerRoute(url)).toEqual(decodePlayerRoute(encoded));
  });
  it('reads the older /player/ forms', () => {
    expect(decodeLegacyPlayer('12-LIVE-0')).toEqual({
      type: 'LIVE',
      contentId: 12,
      title: '',
      parental: 2,
      channelId: 12,
      startSeconds: null,
      adult: false,
    });
    expect(decodeLegacyPlayer('12-LIVE-1')).toMatchObject({ type: 'LIVE', adult: true, parental: 2 });
    expect(decodeLegacyPlayer('301-VOD-p')).toEqual({
      type: 'VOD',
      contentId: 301,
      title: '',
      parental: 2,
      extra: null,
      positionSeconds: null,
      adult: false,
    });
    expect(decodeLegacyPlayer('301-vod-a')).toMatchObject({ type: 'VOD', adult: true });
  });
  it('decodes /cuplayer/ data and adds the catch-up marker', () => {
    expect(decodeCatchupPlayer(encodeCatchupData({ channelId: 5, eventId: 900 }))).toEqual({
      type: 'CU',
      channelId: 5,
      parental: 2,
      eventId: 900,
    });
    const cu = decodeCatchupPlayer(encodeCatchupData({ channelId: 5, eventId: 900, parental: 7 }));
    expect(cu).toEqual({ type: 'CU', channelId: 5, parental: 7, eventId: 900 });
    expect(dataOf(playerHref(cu))).toEqual(['5', '', 'CU', '7', '900']);
  });
  it('keeps a catch-up variant without its event (the player reports it)', () => {
    expect(decodePlayerRoute(encodePlayerData([5, '', 'CU', 2]))).toEqual({
      type: 'CU',
      channelId: 5,
      parental: 2,
      eventId: null,
    });
  });
  it('refuses malformed data with a typed error', () => {
    expect(reasonOf(() => decodePlayerRoute('***'))).toBe('encoding');
    expect(reasonOf(() => decodePlayerRoute(btoa('%E0%A4%A;x;LIVE;2')))).toBe('encoding');
    expect(reasonOf(() => decodePlayerRoute(btoa('7;x')))).toBe('fields');
    expect(reasonOf(() => decodePlayerRoute(btoa('7;x;RADIO;2')))).toBe('type');
    expect(reasonOf(() => decodePlayerRoute(btoa('abc;x;LIVE;2;7;null;0')))).toBe('number');
    expect(reasonOf(() => decodePlayerRoute(btoa('7;x;LIVE;2;7;ayer;0')))).toBe('number');
    expect(reasonOf(() => decodePlayerRoute(btoa('7;x;SERIE;2;;1')))).toBe('number');
    expect(reasonOf(() => decodePlayerRoute(btoa('7;x;LIVE;dos')))).toBe('number');
    expect(reasonOf(() => decodeLegacyPlayer('12-RADIO-a'))).toBe('legacy');
    expect(reasonOf(() => decodeLegacyPlayer('12-LIVE'))).toBe('legacy');
    expect(reasonOf(() => decodeCatchupPlayer(btoa('canal;900')))).toBe('number');
    expect(reasonOf(() => decodeCatchupPlayer('%%%'))).toBe('encoding');
  });
});
