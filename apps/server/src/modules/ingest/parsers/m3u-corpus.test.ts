import { describe, expect, it } from 'vitest';
import { IngestError } from './errors';
import { readM3u } from './m3u-reader';
import { syntheticM3u } from './synthetic-guide';
import { corpus, corpusFiles, parseList, problemsOf } from './test-helpers';

describe('M3U corpus: a public list as it is found', () => {
  const list = parseList(corpus('public-list.m3u'));
  const channel = (key: string) => list.channels.find((c) => c.key === key);

  it('reads the guide URLs of the header', () => {
    expect(list.header.guideUrls).toEqual(['https://epg.example/guide.xml.gz', 'https://epg.example/extra.xml']);
  });

  it('makes entries sharing a tvg-id (in any case) one channel, streams in list order with their options', () => {
    expect(channel('id:la1.es')).toEqual({
      key: 'id:la1.es',
      tvgId: 'La1.es',
      tvgName: 'La 1',
      name: 'La 1',
      rawName: 'La 1 (1080p)',
      logo: 'https://logos.example/la1.png',
      groups: ['Generalistas', 'HD', 'Nacionales'],
      number: 1,
      shiftHours: 0,
      radio: false,
      catchup: null,
      streams: [
        {
          url: 'https://rtve.example/la1/main.m3u8?token=abc&quality=hd',
          protocol: 'hls',
          userAgent: null,
          referrer: null,
          rawName: 'La 1 (1080p)',
          line: 5,
        },
        {
          url: 'https://backup.example/la1/index.m3u8',
          protocol: 'hls',
          userAgent: 'Mozilla/5.0 (SmartTV)',
          referrer: 'https://rtve.example/',
          rawName: 'La 1 (720p) [Geo-blocked]',
          line: 7,
        },
        {
          url: 'https://third.example/la1.m3u8',
          protocol: 'hls',
          userAgent: 'VLC/3.0',
          referrer: 'https://third.example/',
          rawName: 'La 1 [Not 24/7]',
          line: 11,
        },
      ],
      attributes: { status: 'online' },
      line: 5,
    });
  });

  it('groups entries without tvg-id by their cleaned name within their group, #EXTGRP adding a group', () => {
    expect(channel('name:autonomicos\u0001canal sur andalucia')).toMatchObject({
      tvgId: null,
      tvgName: 'Canal Sur',
      name: 'Canal Sur Andalucía',
      groups: ['Autonómicos'],
      streams: [{ url: 'https://canalsur.example/live/index.m3u8' }],
    });
    // The same name without a group is another channel: a name joins only its own group's.
    expect(channel('name:\u0001canal sur andalucia')?.streams).toMatchObject([
      { url: 'https://canalsur-backup.example/live/index.m3u8' },
    ]);
  });

  it('keeps names with commas, numbers, shifts, extra attributes, the manifest type and radio', () => {
    expect(channel('name:\u0001noticias 24h edicion continua')).toMatchObject({
      name: 'Noticias 24h, edición continua',
      number: 7,
      shiftHours: 1,
      attributes: { 'tvg-country': 'ES', 'tvg-language': 'Spanish' },
      streams: [{ protocol: 'dash', userAgent: 'Kodi' }],
    });
    expect(channel('id:cine.es')).toMatchObject({ number: null, shiftHours: 0, streams: [{ protocol: 'dash' }] });
    expect(channel('id:radio.es')?.radio).toBe(true);
  });

  it('skips what it cannot play and reports every problem with its line', () => {
    expect(list.channels.map((c) => c.name)).toEqual([
      'La 1',
      'Canal Sur Andalucía',
      'Canal Sur Andalucía',
      'Noticias 24h, edición continua',
      'Cine Clásico HD',
      'Radio Uno',
      'Abiertas',
      'Solo tvg-name',
    ]);
    expect(problemsOf(list.summary)).toEqual([
      '23 bad-attribute ignored',
      '23 bad-attribute ignored',
      '28 unsupported-protocol skipped',
      '29 extinf-without-url skipped',
      '31 bad-url skipped',
      '32 url-without-extinf skipped',
      '33 unclosed-quote corrected',
      '35 missing-name corrected',
      '37 missing-name skipped',
      '40 extinf-without-url skipped',
    ]);
    expect(list.summary).toMatchObject({ channels: 8, entries: 10, alternates: 2, skipped: 6, corrected: 2 });
  });
});

describe('M3U corpus: catch-up', () => {
  const list = parseList(corpus('catchup.m3u'));
  const catchup = (id: string) => list.channels.find((c) => c.tvgId === id)?.catchup;

  it('takes the header as every channel’s default', () => {
    expect(catchup('header.es')).toEqual({
      mode: 'append',
      days: 2,
      source: '?utc={utc}&lutc={lutc}',
      correctionHours: 0,
    });
  });

  it.each([
    [
      'default.es',
      {
        mode: 'default',
        days: 7,
        source: 'http://archive.example/default/{Y}/{m}/{d}/{H}-{M}-{S}.m3u8?d={duration:60}',
        correctionHours: 0,
      },
    ],
    ['append.es', { mode: 'append', days: 2, source: '&start=${start}&end=${end}', correctionHours: 0 }],
    ['shift.es', { mode: 'shift', days: 3, source: null, correctionHours: 0 }],
    ['legacy.es', { mode: 'shift', days: 4, source: null, correctionHours: 0 }],
    ['fs.es', { mode: 'flussonic', days: 5, source: null, correctionHours: 0 }],
    ['fsts.es', { mode: 'flussonic-ts', days: 2, source: null, correctionHours: 0 }],
    ['xc.es', { mode: 'xc', days: 1, source: null, correctionHours: 0 }],
    [
      'shifted.es',
      { mode: 'default', days: 2, source: 'http://archive.example/s?start={utc:YmdHMS}', correctionHours: 0.5 },
    ],
    ['rara.es', { mode: null, days: null, source: null, correctionHours: 0 }],
    ['rec.es', { mode: 'append', days: 3, source: '?utc={utc}&lutc={lutc}', correctionHours: 0 }],
  ])('%s', (id, expected) => {
    expect(catchup(id)).toEqual(expected);
  });

  it('reports modes and days it cannot read', () => {
    expect(problemsOf(list.summary)).toEqual(['20 unknown-catchup-mode ignored', '20 bad-attribute ignored']);
    expect(list.channels.find((c) => c.tvgId === 'shifted.es')?.shiftHours).toBe(-2);
  });
});

describe('M3U corpus: encodings, line ends, headers', () => {
  it('reads a byte order mark and CRLF, counting lines right', () => {
    const list = parseList(corpus('bom-crlf.m3u'));
    expect(list.channels.map((c) => [c.name, c.groups, c.line, c.streams[0]?.url])).toEqual([
      ['Señal CRLF', ['Pruebas'], 2, 'https://crlf.example/live.m3u8'],
      ['Otra señal', [], 5, 'https://crlf.example/otra.m3u8?a=1&b=2'],
    ]);
    expect(list.summary.problems).toEqual([]);
  });

  it('reads a Latin-1 list as windows-1252, saying so', () => {
    const list = parseList(corpus('latin1.m3u'));
    expect(list.channels.map((c) => [c.name, c.groups])).toEqual([
      ['Cuatro España', ['Generalistas']],
      ['Telemúsica', ['Música']],
    ]);
    expect(list.summary.encoding).toBe('windows-1252');
    expect(problemsOf(list.summary)).toEqual(['1 encoding-fallback corrected']);
  });

  it('reads a list that starts with #EXTINF, saying the header is missing', () => {
    const list = parseList(corpus('no-header.m3u'));
    expect(list.channels.map((c) => c.name)).toEqual(['Sin cabecera']);
    expect(problemsOf(list.summary)).toEqual(['1 missing-header corrected']);
  });

  it.each([
    ['not-m3u.txt', 'Línea 1: no es una lista M3U: falta la cabecera #EXTM3U'],
    ['dtd-full.xml', 'Línea 1: no es una lista M3U'],
  ])('refuses %s whole', (file, message) => {
    expect(() => parseList(corpus(file))).toThrow(IngestError);
    expect(() => parseList(corpus(file))).toThrow(message);
  });

  it('refuses an empty file and a single line too long to be a list', () => {
    expect(() => parseList('')).toThrow('el archivo está vacío');
    expect(() => parseList('\n\n  \n')).toThrow('el archivo está vacío');
    expect(() => parseList(Buffer.alloc(2 * 1024 * 1024, 0x41), 64 * 1024)).toThrow('una línea de más de 1 MB');
  });

  it.each(corpusFiles().filter((f) => f.endsWith('.m3u')))(
    '%s reads the same fed one byte, five bytes or all at once',
    (file) => {
      const whole = parseList(corpus(file));
      for (const size of [1, 5]) expect(parseList(corpus(file), size)).toEqual(whole);
    },
  );
});

describe('M3U: a big list', () => {
  it('reads 3,000 channels with alternates from pieces, one channel per tvg-id', async () => {
    const list = await readM3u(syntheticM3u({ channels: 3000, alternateEvery: 4 }));
    expect(list.summary).toMatchObject({ channels: 3000, entries: 3750, alternates: 750, problemsTotal: 0 });
    const twelve = list.channels[11];
    expect(twelve).toMatchObject({
      name: 'Canal 12',
      number: 12,
      streams: [{ rawName: 'Canal 12 (1080p)' }, { rawName: 'Canal 12 (720p) [Not 24/7]' }],
      catchup: { mode: 'default', days: 7 },
    });
  });
});
