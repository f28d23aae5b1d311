import { describe, expect, it } from 'vitest';
import { XmltvStreamParser } from './xmltv-reader';
import { at, corpus, corpusFiles, parseGuide, problemsOf, schedule } from './test-helpers';

describe('XMLTV corpus: a guide written from the DTD', () => {
  const guide = parseGuide(corpus('dtd-full.xml'));

  it('reads channels with every display name, preferring Spanish, then English, then the first', () => {
    expect(guide.channels).toEqual([
      {
        id: 'uno.es',
        name: 'Pantalla Uno',
        names: [
          { text: 'Channel One', lang: 'en' },
          { text: 'Pantalla Uno', lang: 'es' },
          { text: '1', lang: null },
        ],
        icon: 'https://img.example/uno.png',
        urls: ['https://uno.example'],
        line: 5,
      },
      {
        id: 'dos.es',
        name: 'Channel Two',
        names: [
          { text: 'Chaîne deux', lang: 'fr' },
          { text: 'Channel Two', lang: 'en-GB' },
        ],
        icon: null,
        urls: [],
        line: 12,
      },
    ]);
  });

  it('reads every element the app shows from a full programme', () => {
    const [night] = guide.programmes;
    expect(night).toEqual({
      channel: 'uno.es',
      start: at('2026-06-15T18:00'),
      stop: at('2026-06-15T19:30'),
      stopFrom: 'stop',
      title: 'La noche',
      titles: [
        { text: 'The Night', lang: 'en' },
        { text: 'La noche', lang: 'es' },
        { text: 'La nuit', lang: 'fr' },
      ],
      subTitle: 'Capítulo piloto',
      // The DTD: whitespace runs in a description are one space.
      desc: 'Una descripción escrita en varias líneas.',
      credits: [
        { kind: 'director', name: 'Ana Gil', role: null, image: null, guest: false },
        { kind: 'actor', name: 'Marta Ruiz', role: 'Inspectora Ruiz', image: null, guest: false },
        { kind: 'actor', name: 'Luis Sanz', role: 'Vecino', image: 'https://img.example/luis.jpg', guest: true },
        { kind: 'writer', name: 'Eva Mora', role: null, image: null, guest: false },
        { kind: 'producer', name: 'Pablo Cid', role: null, image: null, guest: false },
        { kind: 'composer', name: 'Irene Paz', role: null, image: null, guest: false },
        { kind: 'presenter', name: 'Rosa Vera', role: null, image: null, guest: false },
        { kind: 'guest', name: 'Carlos Ibáñez', role: null, image: null, guest: false },
      ],
      date: '20251011',
      year: 2025,
      categories: ['Series', 'Policíaca'],
      genre: { section: 'Series', subgenre: 'Policíaca' },
      countries: ['ES', 'Portugal'],
      lengthMs: 85 * 60_000,
      icon: 'https://img.example/noche.jpg',
      images: [
        { url: 'https://img.example/poster.jpg', type: 'poster', size: 2, orient: 'P', system: 'tmdb' },
        { url: 'https://img.example/backdrop.jpg', type: 'backdrop', size: 3, orient: 'L', system: null },
      ],
      episode: { season: 1, episode: 1, part: 1, parts: 2, onscreen: 'T1 E1', label: 'T1 E1' },
      rating: '+16',
      ratingSystem: 'ES',
      starRating: '7/10',
      isNew: true,
      premiere: true,
      previouslyShown: true,
      lastChance: true,
      clump: null,
      catchupId: null,
      line: 16,
    });
  });

  it('ends a programme without stop at the next one, and reads what a minimal one has', () => {
    expect(schedule(guide.programmes)).toEqual([
      ['uno.es', '2026-06-15T18:00', '2026-06-15T19:30', 'La noche'],
      ['uno.es', '2026-06-15T19:30', '2026-06-15T21:30', 'La película'],
      ['uno.es', '2026-06-15T21:30', '2026-06-15T23:00', 'Noticias de la noche'],
      ['dos.es', '2026-06-15T18:00', '2026-06-15T19:00', 'The News'],
    ]);
    const [, film, news, other] = guide.programmes;
    expect(film).toMatchObject({
      stopFrom: 'next',
      genre: { section: 'Cine', subgenre: 'Comedia' },
      episode: null,
      rating: '',
    });
    // episode-num's system defaults to onscreen; 'S02E07' gives season and episode.
    expect(news).toMatchObject({
      episode: { season: 2, episode: 7, onscreen: 'S02E07', label: 'S02E07' },
      rating: 'TP',
      genre: { section: 'Entretenimiento', subgenre: 'Informativos' },
    });
    expect(other?.title).toBe('The News');
  });

  it('reports nothing, and sums up', () => {
    expect(guide.summary).toMatchObject({
      channels: 2,
      programmes: 4,
      skipped: 0,
      corrected: 0,
      trimmed: 0,
      problems: [],
      problemsTotal: 0,
      encoding: 'utf-8',
      generator: 'pantalla-corpus/1.0',
    });
    expect(Object.fromEntries(guide.summary.spans)).toEqual({
      'uno.es': { from: at('2026-06-15T18:00'), to: at('2026-06-15T23:00'), count: 3 },
      'dos.es': { from: at('2026-06-15T18:00'), to: at('2026-06-15T19:00'), count: 1 },
    });
  });
});

describe('XMLTV corpus: what real guides do', () => {
  it('reads dates as the DTD defines them: named zones, initial substrings, no zone as UTC', () => {
    const { programmes, summary } = parseGuide(corpus('dates-and-zones.xml'));
    expect(schedule(programmes)).toEqual([
      ['bbc.uk', '2000-07-28T16:33', '2000-07-28T17:33', 'Summer evening'],
      ['bbc.uk', '2000-07-28T17:33', '2000-07-28T19:00', 'Offset and UTC'],
      ['bbc.uk', '2000-07-28T19:00', '2000-07-28T20:00', 'GMT to CEST'],
      ['bbc.uk', '2000-07-28T20:00', '2000-07-28T21:00', 'No zone is UTC'],
      ['bbc.uk', '2000-07-28T21:00', '2000-07-28T22:00', 'Ambiguous zone'],
      ['bbc.uk', '2000-07-29T00:00', '2000-07-30T06:00', 'Day precision'],
      ['bbc.uk', '2000-08-01T00:00', '2000-09-01T00:00', 'Month precision'],
      ['bbc.uk', '2001-01-01T05:00', '2001-01-01T06:00', 'New year in New York'],
    ]);
    expect(problemsOf(summary)).toEqual([
      '9 unknown-timezone corrected',
      '9 unknown-timezone corrected',
      '12 programme-bad-start skipped',
    ]);
    expect(summary.problems[0]?.message).toBe('zona horaria desconocida "IST" en start; se toma como UTC.');
    expect(summary.problems[2]?.message).toBe('hora de inicio no válida "20000728 17:33"; se omite el programa.');
  });

  it('ends programmes without a usable stop at the next start, else after <length>, else after the default 4 h', () => {
    const { programmes, summary } = parseGuide(corpus('stops-and-lengths.xml'));
    const byChannel = (id: string) =>
      programmes.filter((p) => p.channel === id).map((p) => [...schedule([p])[0]!.slice(1), p.stopFrom]);
    expect(byChannel('a.tv')).toEqual([
      ['2026-06-15T06:00', '2026-06-15T09:00', 'Desayuno', 'next'],
      // Its <length> (2 h) is the programme's own length; the slot runs to the next start.
      ['2026-06-15T09:00', '2026-06-15T12:00', 'Magacín', 'next'],
      ['2026-06-15T12:00', '2026-06-15T13:00', 'Al revés', 'next'],
      ['2026-06-15T13:00', '2026-06-15T14:00', 'Sin duración', 'next'],
      ['2026-06-15T14:00', '2026-06-15T15:30', 'Tarde', 'length'],
    ]);
    expect(byChannel('b.tv')).toEqual([
      ['2026-06-15T10:00', '2026-06-15T11:00', 'Uno', 'next'],
      ['2026-06-15T11:00', '2026-06-15T12:00', 'Dos', 'next'],
      ['2026-06-15T12:00', '2026-06-15T16:00', 'Sin final', 'default'],
    ]);
    expect(problemsOf(summary)).toEqual([
      '9 programme-stop-not-after-start corrected',
      '10 programme-stop-not-after-start corrected',
      '14 programme-bad-length ignored',
      '15 programme-bad-stop corrected',
    ]);
    expect(summary).toMatchObject({ programmes: 8, skipped: 0, corrected: 3 });
  });

  it('merges clumps, trims overlaps, keeps the later of two at one start, and places programmes out of order only in a gap', () => {
    const { programmes, summary } = parseGuide(corpus('clumps-and-order.xml'));
    const c = programmes.filter((p) => p.channel === 'c.tv');
    expect(schedule(c)).toEqual([
      ['c.tv', '2026-06-15T18:00', '2026-06-15T18:30', 'News; Weather'],
      ['c.tv', '2026-06-15T18:30', '2026-06-15T19:30', 'Concurso'],
      ['c.tv', '2026-06-15T19:30', '2026-06-15T21:00', 'Serie'],
      ['c.tv', '2026-06-15T21:00', '2026-06-15T22:00', 'Película'],
      ['c.tv', '2026-06-15T22:00', '2026-06-15T23:00', 'Versión corregida'],
    ]);
    expect(c[0]).toMatchObject({ clump: { count: 2 }, desc: 'Today. Tomorrow.', categories: ['News'] });
    expect(schedule(programmes.filter((p) => p.channel === 'd.tv')).map((p) => p[3])).toEqual([
      'D1',
      'D2',
      'D3 en el hueco',
      'D4',
    ]);
    expect(problemsOf(summary)).toEqual([
      '12 programme-overlap corrected',
      '16 programme-same-start skipped',
      '19 programme-out-of-order skipped',
    ]);
    expect(summary.trimmed).toBe(1);
  });

  it('decodes entities and references, takes HTML names guides use, and skips a programme with a reference past U+10FFFF', () => {
    const { channels, programmes, summary } = parseGuide(corpus('entities.xml'));
    expect(channels[0]?.name).toBe('Canal & Cía');
    expect(programmes.map((p) => p.title)).toEqual([
      'Tom & Jerry <3 "dibujos" \'clásicos\'',
      '© Café 📺',
      'Película\u00a0de\u00a0estreno…',
      'Marca &trademark; rara',
      'Con control',
      'Sigue bien',
    ]);
    expect(programmes[0]?.desc).toBe('Con <etiquetas> & todo');
    expect(programmes[2]?.desc).toBe('España € — «cita»');
    expect(problemsOf(summary)).toEqual([
      '9 xml-corrected corrected',
      '11 malformed-xml skipped',
      '12 malformed-xml skipped',
      '14 xml-corrected corrected',
    ]);
    expect(summary.problems[1]?.message).toBe(
      '<programme> con XML mal formado: referencia de carácter no válida; se omite.',
    );
  });

  it('skips broken elements and reads on: a stray close tag, an unquoted attribute, missing attributes', () => {
    const { channels, programmes, summary } = parseGuide(corpus('broken-markup.xml'));
    expect(channels.map((c) => [c.id, c.name])).toEqual([
      ['f.tv', 'F'],
      ['g.tv', 'g.tv'],
    ]);
    expect(programmes.map((p) => p.title)).toEqual(['Antes', 'Después', 'Al final']);
    expect(problemsOf(summary)).toEqual([
      '4 channel-missing-id skipped',
      '5 channel-duplicate skipped',
      '6 channel-missing-name corrected',
      '9 malformed-xml skipped',
      '12 malformed-xml skipped',
      '13 programme-missing-channel skipped',
      '14 programme-missing-start skipped',
      '15 programme-missing-title skipped',
      '16 programme-missing-title skipped',
    ]);
    expect(summary.problems[3]?.message).toBe(
      '<programme> con XML mal formado: etiqueta de cierre que no corresponde a ninguna abierta; se omite.',
    );
  });

  it('imports what a truncated file completed, reporting where it was cut', () => {
    const { programmes, summary } = parseGuide(corpus('truncated.xml'));
    expect(programmes.map((p) => p.title)).toEqual(['Completo', 'Otro completo']);
    expect(problemsOf(summary)).toEqual(['6 truncated skipped', '7 truncated ignored']);
  });

  it.each([
    ['not-xmltv.html', 'Línea 2: no es una guía XMLTV: el elemento raíz es <html>, no <tv>'],
    ['not-xml.json', 'no es un documento XML: texto fuera del elemento raíz'],
  ])('refuses %s whole, with the reason', (file, message) => {
    expect(() => parseGuide(corpus(file))).toThrow(message);
  });
});

describe('XMLTV corpus: encodings', () => {
  it('reads a guide declared ISO-8859-1 in its own bytes', () => {
    const { channels, programmes, summary } = parseGuide(corpus('latin1-declared.xml'));
    expect(channels[0]?.name).toBe('La 1 España');
    expect(programmes[0]).toMatchObject({
      title: 'Fútbol: España - Portugal',
      desc: 'Año de campeones, «en directo».',
      genre: { section: 'Deportes', subgenre: 'Fútbol' },
    });
    expect(summary).toMatchObject({ encoding: 'windows-1252', problems: [] });
  });

  it('reads an undeclared Latin-1 guide as windows-1252, saying so', () => {
    const { programmes, summary } = parseGuide(corpus('latin1-undeclared.xml'));
    expect(programmes[0]?.title).toBe('Fútbol: España - Portugal');
    expect(problemsOf(summary)).toEqual(['1 encoding-fallback corrected']);
  });

  it('reads UTF-8 with a byte order mark and CRLF line ends, counting lines right', () => {
    const { channels, programmes, summary } = parseGuide(corpus('bom-crlf.xml'));
    expect(channels[0]).toMatchObject({ name: 'Señal CRLF', line: 3 });
    expect(programmes.map((p) => [p.title, p.line])).toEqual([
      ['Línea cinco', 4],
      ['Línea seis, fin antes del inicio', 5],
    ]);
    expect(problemsOf(summary)).toEqual(['5 programme-stop-not-after-start corrected']);
  });

  it('reads UTF-16 with its byte order mark', () => {
    const { channels, programmes } = parseGuide(corpus('utf16le-bom.xml'));
    expect(channels[0]?.name).toBe('Dieciséis');
    expect(programmes[0]?.title).toBe('Ñandú');
  });
});

describe('XMLTV corpus: streaming', () => {
  const xmlFiles = corpusFiles().filter((f) => f.endsWith('.xml'));

  it.each(xmlFiles)('%s reads the same fed one byte, seven bytes or all at once', (file) => {
    const bytes = corpus(file);
    const whole = parseGuide(bytes);
    for (const size of [1, 7, 64]) {
      const streamed = parseGuide(bytes, size);
      expect(streamed.channels).toEqual(whole.channels);
      expect(streamed.programmes).toEqual(whole.programmes);
      expect(streamed.summary.problems).toEqual(whole.summary.problems);
    }
  });

  it.each(xmlFiles)('%s reads the same as text fed one character at a time', (file) => {
    const whole = parseGuide(corpus(file));
    const text = new TextDecoder(whole.summary.encoding ?? 'utf-8').decode(corpus(file));
    const parser = new XmltvStreamParser();
    const programmes = [];
    for (const c of text) programmes.push(...parser.write(c).programmes);
    const last = parser.end();
    programmes.push(...last.programmes);
    expect(programmes).toEqual(whole.programmes);
    expect(last.summary.problems.filter((p) => p.code !== 'encoding-fallback')).toEqual(
      whole.summary.problems.filter((p) => p.code !== 'encoding-fallback'),
    );
  });
});
