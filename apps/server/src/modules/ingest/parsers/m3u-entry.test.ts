import { describe, expect, it } from 'vitest';
import { cleanChannelName, hoursOf, nameKey, parseAttributes, parseExtinf, splitStreamUrl } from './m3u-entry';

describe('M3U attributes', () => {
  it('reads double-quoted, single-quoted and bare values, keys in lower case, the first of a repeat', () => {
    expect(
      parseAttributes(` tvg-id="La1.es" TVG-NAME='La 1' tvg-chno=1 group-title="A;B" tvg-id="otro" empty=""`),
    ).toEqual({
      'tvg-id': 'La1.es',
      'tvg-name': 'La 1',
      'tvg-chno': '1',
      'group-title': 'A;B',
      empty: '',
    });
  });

  it('keeps values with spaces, commas and equals signs inside quotes', () => {
    expect(parseAttributes('catchup-source="http://a/?s={utc}&e=${end}" tvg-name="Uno, Dos = Tres"')).toEqual({
      'catchup-source': 'http://a/?s={utc}&e=${end}',
      'tvg-name': 'Uno, Dos = Tres',
    });
  });
});

describe('#EXTINF', () => {
  it.each([
    [
      '-1 tvg-id="a" group-title="G",Canal A',
      { attrs: { 'tvg-id': 'a', 'group-title': 'G' }, name: 'Canal A', unclosedQuote: false, missingComma: false },
    ],
    ['0,Sin atributos', { attrs: {}, name: 'Sin atributos', unclosedQuote: false, missingComma: false }],
    ['-1,', { attrs: {}, name: '', unclosedQuote: false, missingComma: false }],
    [
      '-1 tvg-name="Uno, Dos",Uno, Dos HD',
      { attrs: { 'tvg-name': 'Uno, Dos' }, name: 'Uno, Dos HD', unclosedQuote: false, missingComma: false },
    ],
    [
      ' tvg-id="sin-duracion",Nombre',
      { attrs: { 'tvg-id': 'sin-duracion' }, name: 'Nombre', unclosedQuote: false, missingComma: false },
    ],
    [
      '3.5 tvg-id="x" ,  Espacios  ',
      { attrs: { 'tvg-id': 'x' }, name: 'Espacios', unclosedQuote: false, missingComma: false },
    ],
    ['-1 tvg-id="a"', { attrs: { 'tvg-id': 'a' }, name: '', unclosedQuote: false, missingComma: true }],
    ['-1 tvg-id="a,Nombre', { attrs: { 'tvg-id': 'a' }, name: 'Nombre', unclosedQuote: true, missingComma: false }],
    [
      '-1 tvg-logo="x" tvg-name="Uno,Dos,Tres',
      { attrs: { 'tvg-logo': 'x', 'tvg-name': 'Uno,Dos' }, name: 'Tres', unclosedQuote: true, missingComma: false },
    ],
  ])('%j', (body, expected) => {
    expect(parseExtinf(body)).toEqual(expected);
  });
});

describe('channel names', () => {
  it.each([
    ['La 1 (1080p)', 'La 1'],
    ['La 1 (720p) [Geo-blocked]', 'La 1'],
    ['La 1 [Not 24/7] (480p)', 'La 1'],
    ['Canal Sur Andalucía (576i)', 'Canal Sur Andalucía'],
    ['Cine (HD)', 'Cine'],
    ['Noticias (Backup)', 'Noticias'],
    ['Deportes (alt 2)', 'Deportes'],
    ['Teledeporte (opción 2)', 'Teledeporte'],
    ['Canal (Sur)', 'Canal (Sur)'],
    ['Antena 3 HD', 'Antena 3 HD'],
    ['  Doble   espacio  ', 'Doble espacio'],
    ['[Solo notas]', '[Solo notas]'],
  ])('%j is %j', (raw, clean) => {
    expect(cleanChannelName(raw)).toBe(clean);
  });

  it('compares names without case, accents or punctuation', () => {
    expect(nameKey('Canal Sur Andalucía')).toBe(nameKey('CANAL SUR - ANDALUCIA'));
    expect(nameKey('La 1')).not.toBe(nameKey('La 2'));
  });

  it('keeps the letters and digits of every script, folding compatibility forms and case', () => {
    const names = [
      'Первый канал',
      'НТВ',
      'ΕΡΤ1',
      'Σκάι',
      '湖南卫视',
      'NHK総合',
      'الجزيرة',
      'العربية',
      'आज तक',
      'ערוץ 2',
    ];
    const keys = names.map(nameKey);
    expect(keys.every((k) => k.length > 0)).toBe(true);
    expect(new Set(keys).size).toBe(names.length);
    expect(nameKey('ＮＨＫ総合')).toBe(nameKey('NHK総合'));
    expect(nameKey('ΣΚΑΪ')).toBe(nameKey('Σκάι'));
    expect(nameKey('STRASSE TV')).toBe(nameKey('Straße TV'));
    // й is a letter of its own in Cyrillic, not и with an accent.
    expect(nameKey('Мой')).not.toBe(nameKey('Мои'));
    expect(nameKey('★★★')).toBe('★★★');
    expect(nameKey('★★★')).not.toBe(nameKey('♪♪'));
  });
});

describe('stream URLs', () => {
  it("splits Kodi's |header options off, decoding values", () => {
    expect(
      splitStreamUrl('https://a.example/x.m3u8?t=1|User-Agent=VLC%2F3.0&Referer=https://a.example/&!X-Custom=1'),
    ).toEqual({
      url: 'https://a.example/x.m3u8?t=1',
      headers: { 'user-agent': 'VLC/3.0', referer: 'https://a.example/', 'x-custom': '1' },
    });
    expect(splitStreamUrl('https://a.example/x.m3u8')).toEqual({ url: 'https://a.example/x.m3u8', headers: {} });
    expect(splitStreamUrl('https://a.example/x|bad=%E0%A4%A')).toEqual({
      url: 'https://a.example/x',
      headers: { bad: '%E0%A4%A' },
    });
  });
});

describe('hours', () => {
  it.each([
    ['+1', 1],
    ['-4.5', -4.5],
    ['0', 0],
    ['24', 24],
    [' 2 ', 2],
  ])('%j is %d', (text, hours) => expect(hoursOf(text)).toBe(hours));

  it.each([undefined, '', 'Madrid', '25', '+1h', '1e3'])('%j is none', (text) => expect(hoursOf(text)).toBeNull());
});
