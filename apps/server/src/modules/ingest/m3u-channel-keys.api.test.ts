import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestReport } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { corpus } from './parsers/test-helpers';
import { realShapedEntries, realShapedList } from './parsers/real-shaped-list';

const kinds = await databaseKinds();

interface Stored {
  id: number;
  name: string;
  number: number;
  tvgId: string | null;
  logoUrl: string | null;
  channelGenreId: number;
  streamUrl: string | null;
  alternateStreams: string | null;
}

/** Issue 31 items 1 and 2: every entry's URL is kept by the right channel, and a second import changes nothing. */
describe.each(kinds)('M3U channel keys on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  const importList = (text: string | Buffer): Promise<IngestReport> => ctx.modules.ingest.service.import('m3u', [text]);
  const stored = async (): Promise<Stored[]> =>
    ctx.sql
      .selectFrom('channels')
      .select(['id', 'name', 'number', 'tvgId', 'logoUrl', 'channelGenreId', 'streamUrl', 'alternateStreams'])
      .orderBy('id')
      .execute();
  /** Which channel holds each stored URL (main stream or alternate); a URL held twice fails. */
  const holders = (channels: Stored[]) => {
    const byUrl = new Map<string, Stored>();
    for (const c of channels)
      // An alternate is its URL, or { url, userAgent, referrer } when its entry asked for headers.
      for (const url of [
        c.streamUrl,
        ...(JSON.parse(c.alternateStreams ?? '[]') as (string | { url: string })[]).map((a) =>
          typeof a === 'string' ? a : a.url,
        ),
      ]) {
        if (!url) continue;
        expect(byUrl.get(url)?.name, `${url} kept twice`).toBeUndefined();
        byUrl.set(url, c);
      }
    return byUrl;
  };

  it('keeps every entry of a list in several scripts, a name-only entry never taking an id’d channel', async () => {
    const report = await importList(corpus('scripts-and-groups.m3u'));
    const byUrl = holders(await stored());
    const holder = (url: string) => byUrl.get(url);
    // Every URL stored, but the rtmp one, reported with its line.
    expect(report.warnings).toEqual([expect.stringMatching(/^Línea 51: .*rtmp/)]);
    const urls = corpus('scripts-and-groups.m3u')
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('http'));
    for (const url of urls) expect(holder(url), url).toBeDefined();
    // Feeds are channels of their own; the name-only "France 2" entries never take their streams.
    expect(holder('https://cdn.example/f2/sd.m3u8')?.tvgId).toBe('France2.fr@SD');
    expect(holder('https://cdn.example/f2/hd.m3u8')?.tvgId).toBe('France2.fr@HD');
    const nameOnly = holder('https://mirror.example/f2.m3u8');
    expect(nameOnly?.tvgId).toBeNull();
    expect(holder('https://mirror.example/f2-bis.m3u8')).toBe(nameOnly);
    expect(holder('https://mirror.example/ru/r1.m3u8')?.tvgId).toBeNull();
    expect(holder('https://cdn.example/ru/r1.m3u8')?.tvgId).toBe('Rossiya1.ru');
    // Names of every script are channels of their own; NFKC and case folding join spellings of one.
    const names = [
      'https://cdn.example/ru/perviy.m3u8',
      'https://cdn.example/ru/ntv.m3u8',
      'https://cdn.example/gr/ert1.m3u8',
      'https://cdn.example/gr/skai.m3u8',
      'https://cdn.example/jp/nhk.m3u8',
      'https://cdn.example/cn/cctv1.m3u8',
      'https://cdn.example/cn/hunan.m3u8',
      'https://cdn.example/ar/jazeera.m3u8',
      'https://cdn.example/ar/arabiya.m3u8',
      'https://cdn.example/in/aajtak.m3u8',
      'https://cdn.example/x/stars.m3u8',
      'https://cdn.example/x/notes.m3u8',
    ].map((url) => holder(url)?.id);
    expect(new Set(names).size).toBe(names.length);
    expect(holder('https://backup.example/gr/skai.m3u8')).toBe(holder('https://cdn.example/gr/skai.m3u8'));
    expect(holder('https://backup.example/jp/nhk.m3u8')).toBe(holder('https://cdn.example/jp/nhk.m3u8'));
    expect(holder('https://backup.example/de/strasse.m3u8')).toBe(holder('https://cdn.example/de/strasse.m3u8'));
    // Groups named in any script are groups of their own.
    const genres = ['ru/ntv', 'gr/ert1', 'jp/nhk', 'cn/hunan', 'ar/jazeera', 'in/aajtak'].map(
      (path) => holder(`https://cdn.example/${path}.m3u8`)?.channelGenreId,
    );
    expect(new Set(genres).size).toBe(genres.length);
    // One name in two groups is two channels.
    expect(holder('https://cdn.example/es/noticias.m3u8')).not.toBe(
      holder('https://cdn.example/es/noticias-deportes.m3u8'),
    );
  });

  it('meets its name-only channels again after a guide gave them ids by name', async () => {
    const list = '#EXTM3U\n#EXTINF:-1 group-title="Ελλάδα",Βουλή TV\nhttps://cdn.example/gr/vouli.m3u8\n';
    await importList(list);
    const guide =
      '<?xml version="1.0"?>\n<tv><channel id="Vouli.gr"><display-name>Βουλή TV</display-name></channel></tv>';
    await ctx.modules.ingest.service.import('xmltv', [guide]);
    const before = await stored();
    expect(before.find((c) => c.streamUrl === 'https://cdn.example/gr/vouli.m3u8')?.tvgId).toBe('Vouli.gr');
    expect((await importList(list)).channels).toMatchObject({ created: 0, updated: 0 });
    expect(await stored()).toEqual(before);
  });

  const entries = realShapedEntries();
  const text = realShapedList(entries);

  it('stores every URL of a real-shaped list of 7,000 entries, an id’d entry’s on its channel', async () => {
    const report = await importList(text);
    // Only what the list asks beyond its channels: the header's guide and the User-Agent the browser cannot send.
    expect(report.warnings.filter((w) => !/ pide User-Agent |url-tvg/.test(w))).toEqual([]);
    expect(report.warnings).toContainEqual(expect.stringContaining('https://epg.example/guide.xml.gz'));
    const byUrl = holders(await stored());
    const lost = entries.filter((e) => !byUrl.has(e.url));
    expect(lost.map((e) => `${e.line}: ${e.name}`).slice(0, 5)).toEqual([]);
    for (const e of entries) if (e.tvgId) expect(byUrl.get(e.url)?.tvgId).toBe(e.tvgId);
  }, 120_000);

  it('changes nothing when the same real-shaped list is imported again', async () => {
    await importList(text);
    const before = await stored();
    const again = await importList(text);
    expect(again.channels).toMatchObject({ created: 0, updated: 0 });
    expect(await stored()).toEqual(before);
  }, 120_000);
});
