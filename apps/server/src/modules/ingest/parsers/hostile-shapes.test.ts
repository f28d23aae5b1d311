import { describe, expect, it } from 'vitest';
import { IngestError } from './errors';
import { MAX_STREAMS_PER_CHANNEL } from './m3u-reader';
import { parseGuide, parseList, problemsOf } from './test-helpers';
import { MAX_XML_DEPTH, XmltvStreamParser } from './xmltv-reader';

/** Files shaped to exhaust the import rather than to carry a guide or a list (issue 11). */
describe('XMLTV nesting', () => {
  it('refuses a guide nesting deeper than the limit, naming the line and the reason', () => {
    const deep = `<?xml version="1.0"?>\n<tv>\n${'<a>'.repeat(MAX_XML_DEPTH)}`;
    let thrown: unknown;
    try {
      parseGuide(deep);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IngestError);
    expect((thrown as Error).message).toMatch(/^Línea 3: el XML anida más de 64 elementos/);
  });

  it('stops a 2,000,000-deep file at the limit, fed in pieces, without holding the rest', () => {
    const parser = new XmltvStreamParser();
    parser.write('<tv>');
    const piece = '<x>'.repeat(10_000);
    const feed = () => {
      for (let i = 0; i < 200; i++) parser.write(piece);
    };
    expect(feed).toThrow(/anida más de 64 elementos/);
  });

  it('reads a guide as deep as XMLTV goes', () => {
    const guide = `<tv><channel id="a"><display-name>A</display-name></channel><programme start="20260101000000 +0000" stop="20260101010000 +0000" channel="a"><title>T</title><credits><actor role="x"><image type="person">https://x.example/a.jpg</image></actor></credits></programme></tv>`;
    expect(parseGuide(guide).programmes).toHaveLength(1);
  });
});

describe('M3U streams per channel', () => {
  const entry = (i: number) =>
    `#EXTINF:-1 tvg-id="uno" group-title="G${i}" extra-${i}="v",Uno\nhttps://cdn${i}.example/uno.m3u8\n`;

  it(`keeps ${MAX_STREAMS_PER_CHANNEL} streams of one tvg-id and reports the rest once, with their count`, () => {
    const list = parseList(
      `#EXTM3U\n${Array.from({ length: 5000 }, (_, i) => entry(i)).join('')}#EXTINF:-1 tvg-id="dos",Dos\nhttps://dos.example/dos.m3u8\n`,
    );
    expect(list.channels.map((c) => [c.name, c.streams.length])).toEqual([
      ['Uno', MAX_STREAMS_PER_CHANNEL],
      ['Dos', 1],
    ]);
    const uno = list.channels[0];
    expect(uno?.streams.at(-1)?.url).toBe(`https://cdn${MAX_STREAMS_PER_CHANNEL - 1}.example/uno.m3u8`);
    expect(uno?.groups.length).toBeLessThanOrEqual(32);
    expect(Object.keys(uno?.attributes ?? {}).length).toBeLessThanOrEqual(64);
    expect(list.summary).toMatchObject({
      channels: 2,
      entries: MAX_STREAMS_PER_CHANNEL + 1,
      alternates: MAX_STREAMS_PER_CHANNEL - 1,
    });
    expect(problemsOf(list.summary)).toEqual([`${2 * MAX_STREAMS_PER_CHANNEL + 2} too-many-streams skipped`]);
    expect(list.summary.problems[0]?.message).toBe(
      `el canal "Uno" tiene más de ${MAX_STREAMS_PER_CHANNEL} flujos; se omiten ${5000 - MAX_STREAMS_PER_CHANNEL} entradas desde esta línea.`,
    );
  });
});
