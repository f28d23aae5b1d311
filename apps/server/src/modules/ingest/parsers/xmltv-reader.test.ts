import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IngestError } from './errors';
import { syntheticXmltv, xmltvTimeOf } from './synthetic-guide';
import { at, parseGuide, problemsOf } from './test-helpers';
import { readXmltvBatches } from './xmltv-batches';
import { XmltvStreamParser } from './xmltv-reader';

const doc = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n${body}\n</tv>\n`;
const prog = (start: string, stop: string | null, title: string, channel = 'a') =>
  `<programme start="${start}"${stop === null ? '' : ` stop="${stop}"`} channel="${channel}"><title>${title}</title></programme>`;

describe('XmltvStreamParser: documents it refuses whole', () => {
  it.each([
    ['', 'Línea 1: el archivo no contiene un documento XML'],
    ['   \n\n  ', 'el archivo no contiene un documento XML'],
    ['\uFEFF', 'el archivo no contiene un documento XML'],
    ['<?xml version="1.0"?>\n<!-- solo un comentario -->\n', 'el archivo no contiene un documento XML'],
    [
      '<?xml version="1.0"?>\n<rss><channel/></rss>',
      'Línea 2: no es una guía XMLTV: el elemento raíz es <rss>, no <tv>',
    ],
    ['#EXTM3U\n#EXTINF:-1,A\nhttps://a/x.m3u8', 'no es un documento XML'],
    ['PK\u0003\u0004 binario', 'no es un documento XML'],
  ])('%j', (source, message) => {
    expect(() => parseGuide(source)).toThrow(IngestError);
    expect(() => parseGuide(source)).toThrow(message);
  });

  it('refuses an encoding it cannot read, naming it', () => {
    expect(() => parseGuide(Buffer.from('<?xml version="1.0" encoding="x-klingon"?><tv/>'))).toThrow(
      'la codificación "x-klingon" del archivo no está admitida',
    );
  });

  it('refuses as soon as the root is known, not at the end', () => {
    const parser = new XmltvStreamParser();
    expect(() => parser.write('<html><body>')).toThrow('no es una guía XMLTV');
  });
});

describe('XmltvStreamParser: issue 11, a character reference past U+10FFFF', () => {
  it('skips the programme that has it, in text or in an attribute, and imports the rest', () => {
    const { programmes, summary } = parseGuide(
      doc(
        [
          prog('20260615100000 +0000', '20260615110000 +0000', 'Uno &#x110000;'),
          '<programme start="20260615110000 +0000" stop="20260615120000 +0000" channel="a&#1114112;"><title>Dos</title></programme>',
          prog('20260615120000 +0000', '20260615130000 +0000', 'Tres'),
        ].join('\n'),
      ),
    );
    expect(programmes.map((p) => p.title)).toEqual(['Tres']);
    expect(problemsOf(summary)).toEqual(['3 malformed-xml skipped', '4 malformed-xml skipped']);
  });

  it('only reports one outside a programme', () => {
    const { programmes, summary } = parseGuide(
      `<tv source-info-name="&#x110000;">\n${prog('20260615100000 +0000', '20260615110000 +0000', 'Uno')}\n</tv>`,
    );
    expect(programmes).toHaveLength(1);
    expect(problemsOf(summary)).toEqual(['1 malformed-xml ignored']);
  });
});

describe('XmltvStreamParser: limits', () => {
  it('keeps the first problems and counts the rest', () => {
    const bad = Array.from(
      { length: 25 },
      (_, i) => `<programme start="ayer" channel="a"><title>${i}</title></programme>`,
    ).join('\n');
    const { summary } = parseGuide(doc(bad), Infinity, { maxProblems: 10 });
    expect(summary.problems).toHaveLength(10);
    expect(summary.problems[0]?.line).toBe(3);
    expect(summary.problemsTotal).toBe(25);
    expect(summary.skipped).toBe(25);
  });

  it('skips an element too large to be a programme', () => {
    const big = prog('20260615100000 +0000', '20260615110000 +0000', 'x'.repeat(5000));
    const { programmes, summary } = parseGuide(
      doc(`${big}\n${prog('20260615110000 +0000', '20260615120000 +0000', 'Normal')}`),
      Infinity,
      { maxElementChars: 1000 },
    );
    expect(programmes.map((p) => p.title)).toEqual(['Normal']);
    expect(problemsOf(summary)).toEqual(['3 too-large skipped']);
  });

  it('refuses a run of text with no element in it, before it fills memory', () => {
    const parser = new XmltvStreamParser({ maxElementChars: 1000 });
    parser.write('<tv>\n<programme start="');
    expect(() => {
      for (let i = 0; i < 40; i++) parser.write('x'.repeat(1000));
    }).toThrow('sin una etiqueta completa: no es una guía XMLTV');
  });

  it('reads a DOCTYPE with an internal subset, keeping entities it declares as written', () => {
    const { programmes, summary } = parseGuide(
      `<?xml version="1.0"?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd" [\n<!ENTITY canal "Uno">\n]>\n<tv>\n${prog('20260615100000 +0000', '20260615110000 +0000', 'Hola &canal;')}\n</tv>`,
    );
    expect(programmes.map((p) => p.title)).toEqual(['Hola &canal;']);
    expect(problemsOf(summary)).toEqual(['6 xml-corrected corrected']);
  });

  it('skips text and elements after the root, reporting once', () => {
    const { programmes, summary } = parseGuide(
      `<tv>${prog('20260615100000 +0000', '20260615110000 +0000', 'Uno')}</tv>\nbasura\n<otra/>`,
    );
    expect(programmes).toHaveLength(1);
    // saxes tells text outside the root where that text ends.
    expect(problemsOf(summary)).toEqual(['3 outside-root ignored']);
    expect(summary.problems[0]?.message).toBe('texto fuera del elemento raíz después de cerrar <tv>; se ignora.');
  });
});

describe('XmltvStreamParser: streaming', () => {
  const guide = [...syntheticXmltv({ channels: 12, days: 2, programmesPerChunk: 50 })].join('');
  const bytes = Buffer.from(guide, 'utf8');

  it('gives the same programmes for any split of the bytes, multi-byte characters cut included', () => {
    const whole = parseGuide(bytes);
    expect(whole.summary.problems).toEqual([]);
    expect(whole.programmes.length).toBeGreaterThan(300);
    for (const size of [3, 4097, 70_000]) expect(parseGuide(bytes, size).programmes).toEqual(whole.programmes);
  });

  it('reads a Latin-1 guide longer than the bytes it sniffs, in pieces', () => {
    const latin = Buffer.from(guide.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    expect(latin.length).toBeGreaterThan(64 * 1024);
    const read = parseGuide(latin, 1000);
    expect(read.summary.encoding).toBe('windows-1252');
    expect(read.programmes).toEqual(parseGuide(bytes).programmes);
  });

  it('copies held programmes out of the parsed text without changing them', () => {
    const whole = parseGuide(bytes);
    const detached = parseGuide(bytes, 512, { detachAfterChars: 1 });
    expect(detached.programmes).toEqual(whole.programmes);
  });

  it('gives out programmes as they complete, holding one per channel', () => {
    const parser = new XmltvStreamParser();
    const first = parser.write(
      doc([prog('20260615100000 +0000', null, 'Uno'), prog('20260615110000 +0000', null, 'Dos')].join('\n')).replace(
        '</tv>\n',
        '',
      ),
    );
    expect(first.programmes.map((p) => [p.title, p.stop])).toEqual([['Uno', at('2026-06-15T11:00')]]);
    const second = parser.write(`${prog('20260615120000 +0000', null, 'Tres')}\n</tv>`);
    expect(second.programmes.map((p) => p.title)).toEqual(['Dos']);
    const end = parser.end();
    // The last one, with nothing to say when it ends, lasts the default 4 h and is marked so.
    expect(end.programmes.map((p) => [p.title, p.stop, p.stopFrom])).toEqual([
      ['Tres', at('2026-06-15T16:00'), 'default'],
    ]);
    expect(problemsOf(end.summary)).toEqual([]);
  });

  it('batches programmes for writing, channels first, the summary on the last batch', async () => {
    const source = (async function* () {
      for (let i = 0; i < bytes.length; i += 10_000) yield bytes.subarray(i, i + 10_000);
    })();
    const batches = [];
    for await (const batch of readXmltvBatches(source, { batchSize: 100 })) batches.push(batch);
    const whole = parseGuide(bytes);
    expect(batches.flatMap((b) => b.programmes)).toEqual(whole.programmes);
    expect(batches.flatMap((b) => b.channels)).toEqual(whole.channels);
    expect(batches.slice(0, -1).every((b) => b.programmes.length === 100 && b.summary === null)).toBe(true);
    expect(batches.at(-1)?.summary).toMatchObject({ programmes: whole.programmes.length, channels: 12 });
    expect(batches[0]?.channels).toHaveLength(12);
  });

  it('cuts a whole document given as one piece into batches', async () => {
    const batches = [];
    for await (const batch of readXmltvBatches([guide], { batchSize: 64 })) batches.push(batch);
    expect(batches.slice(0, -1).every((b) => b.programmes.length === 64)).toBe(true);
    expect(batches.reduce((n, b) => n + b.programmes.length, 0)).toBe(parseGuide(bytes).programmes.length);
  });
});

describe('XmltvStreamParser: every channel comes out in order, without overlaps', () => {
  const slot = fc.record({
    gap: fc.integer({ min: 0, max: 3 }),
    minutes: fc.integer({ min: -30, max: 240 }),
    hasStop: fc.boolean(),
    lengthMinutes: fc.option(fc.integer({ min: 1, max: 120 })),
  });

  it('holds for any schedule of stops, missing stops, overlaps and lengths', () => {
    fc.assert(
      fc.property(fc.array(fc.array(slot, { maxLength: 12 }), { minLength: 1, maxLength: 4 }), (channels) => {
        const lines: string[] = [];
        let expectedRead = 0;
        channels.forEach((slots, c) => {
          let t = Date.UTC(2026, 5, 15);
          for (const s of slots) {
            t += s.gap * 15 * 60_000 + 60_000;
            const stop = s.hasStop ? xmltvTimeOf(t + s.minutes * 60_000) : null;
            const length = s.lengthMinutes === null ? '' : `<length units="minutes">${s.lengthMinutes}</length>`;
            lines.push(
              `<programme start="${xmltvTimeOf(t)}"${stop ? ` stop="${stop}"` : ''} channel="c${c}"><title>p</title>${length}</programme>`,
            );
            expectedRead++;
          }
        });
        const { programmes, summary } = parseGuide(doc(lines.join('\n')));
        expect(programmes.length + summary.skipped).toBe(expectedRead);
        for (let c = 0; c < channels.length; c++) {
          const mine = programmes.filter((p) => p.channel === `c${c}`);
          for (let i = 0; i < mine.length; i++) {
            const p = mine[i]!;
            expect(p.stop).toBeGreaterThan(p.start);
            if (i > 0) expect(p.start).toBeGreaterThanOrEqual(mine[i - 1]!.stop);
          }
        }
      }),
    );
  });
});
