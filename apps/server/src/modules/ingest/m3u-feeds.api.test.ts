import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestReport } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();

/** A list as iptv-org writes it today: one channel in two feeds, one without feeds, and a radio. */
const LIST = `#EXTM3U
#EXTINF:-1 tvg-id="France2.fr@SD" tvg-logo="https://i.example/f2.png" group-title="General",France 2 (576p)
https://cdn.example/f2/sd.m3u8
#EXTINF:-1 tvg-id="France2.fr@HD" group-title="General",France 2 (1080p)
https://cdn.example/f2/hd.m3u8
#EXTINF:-1 tvg-id="TF1.fr" group-title="General",TF1
https://cdn.example/tf1.m3u8
#EXTINF:-1 tvg-id="Arte.fr@Allemand" group-title="Culture",Arte (Deutsch)
https://cdn.example/arte-de.m3u8
`;

const at = (h: number) => `202606151${h}0000 +0000`;
/** A guide whose ids carry no feed suffix, one programme of it undeclared as a channel. */
const GUIDE = `<?xml version="1.0" encoding="UTF-8"?>
<tv>
  <channel id="France2.fr"><display-name>France 2</display-name></channel>
  <channel id="TF1.fr"><display-name>TF1</display-name></channel>
  <programme start="${at(0)}" stop="${at(1)}" channel="France2.fr"><title>Journal</title></programme>
  <programme start="${at(1)}" stop="${at(2)}" channel="France2.fr"><title>Météo</title></programme>
  <programme start="${at(0)}" stop="${at(1)}" channel="TF1.fr"><title>Le 13h</title></programme>
  <programme start="${at(0)}" stop="${at(2)}" channel="Arte.fr"><title>Arte Journal</title></programme>
</tv>
`;

/** Issue 31, item 6: a guide's 'France2.fr' is the list's 'France2.fr@SD' and 'France2.fr@HD'. */
describe.each(kinds)('guide ids meeting feed suffixes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  const channel = (tvgId: string) =>
    ctx.sql.selectFrom('channels').select(['id', 'name', 'streamUrl']).where('tvgId', '=', tvgId).executeTakeFirst();
  const titles = async (tvgId: string) => {
    const c = await channel(tvgId);
    if (!c) return [];
    const rows = await ctx.sql
      .selectFrom('events')
      .select('title')
      .where('channelId', '=', c.id)
      .where('startTime', '>=', Date.UTC(2026, 5, 15))
      .where('startTime', '<', Date.UTC(2026, 5, 16))
      .orderBy('startTime')
      .execute();
    return rows.map((r) => r.title);
  };

  it('puts the programmes of a guide id on every feed of it, adding no stream-less channel', async () => {
    await ctx.modules.ingest.service.import('m3u', [LIST]);
    const before = await ctx.sql
      .selectFrom('channels')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const report: IngestReport = await ctx.modules.ingest.service.import('xmltv', [GUIDE]);
    expect(report.channels.created).toBe(0);
    const after = await ctx.sql
      .selectFrom('channels')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await channel('France2.fr')).toBeUndefined();
    expect(await titles('France2.fr@SD')).toEqual(['Journal', 'Météo']);
    expect(await titles('France2.fr@HD')).toEqual(['Journal', 'Météo']);
    expect(await titles('TF1.fr')).toEqual(['Le 13h']);
    // An undeclared guide id finds its feed too.
    expect(await titles('Arte.fr@Allemand')).toEqual(['Arte Journal']);
    expect((await channel('France2.fr@SD'))?.streamUrl).toBe('https://cdn.example/f2/sd.m3u8');
    // The same guide again changes nothing.
    const again = await ctx.modules.ingest.service.import('xmltv', [GUIDE]);
    expect(again.channels).toMatchObject({ created: 0, updated: 0 });
    expect(again.programmes).toMatchObject({ inserted: 0, removed: 0, unchanged: 6 });
  });
});

/** Every attribute issue 31's item 3 names, as public lists write them. */
const ATTRIBUTES = `#EXTM3U url-tvg="https://epg.example/fr.xml.gz" tvg-shift="0"
#EXTINF:-1 tvg-id="TF1.fr" tvg-chno="901" tvg-shift="-1.5" http-user-agent="Kodi/20.0" group-title="General",TF1
https://cdn.example/tf1.m3u8
#EXTINF:-1 tvg-id="France2.fr@HD" tvg-chno="902" http-referrer="https://www.france.tv/" group-title="General",France 2
https://cdn.example/f2.m3u8
#EXTINF:-1 tvg-id="M6.fr" tvg-chno="902" group-title="General",M6
#EXTVLCOPT:http-user-agent=VLC/3.0.20
https://cdn.example/m6.m3u8|Referer=https%3A%2F%2Fwww.6play.fr%2F
#EXTINF:-1 tvg-id="FranceInter.fr" radio="true" tvg-chno="9101" group-title="Radio",France Inter
https://radio.example/inter.m3u8
#EXTINF:-1 tvg-id="Arte.fr" tvg-chno="7" group-title="Culture",Arte
https://cdn.example/arte.m3u8|User-Agent=Mozilla%2F5.0&Referer=https://www.arte.tv/
`;

/** A guide for TF1 (tvg-shift -1.5 h in the list). */
const TF1_GUIDE = `<?xml version="1.0"?>
<tv>
  <channel id="TF1.fr"><display-name>TF1</display-name></channel>
  <programme start="20260615120000 +0000" stop="20260615130000 +0000" channel="TF1.fr"><title>Le 13h</title></programme>
</tv>
`;

/** Issue 31, items 3 and 11: what a list asks beyond its channels is kept or said; a radio is no TV channel. */
describe.each(kinds)('attributes of an M3U list on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  it('keeps numbers, shifts, headers and radios; reports clashes, headers the browser cannot send and the header’s guide', async () => {
    const report = await ctx.modules.ingest.service.import('m3u', [ATTRIBUTES]);
    expect(report.channels.created).toBe(5);
    const stored = await ctx.sql
      .selectFrom('channels')
      .select(['id', 'tvgId', 'streamUrl', 'number', 'kind', 'guideShiftMinutes', 'streamUserAgent', 'streamReferrer'])
      .where('tvgId', 'in', ['TF1.fr', 'France2.fr@HD', 'M6.fr', 'FranceInter.fr', 'Arte.fr'])
      .orderBy('tvgId')
      .execute();
    const byId = Object.fromEntries(stored.map(({ id, ...c }) => [c.tvgId, { ...c, id }]));
    // The URLs are stored without their |Header= suffix; the headers kept beside them.
    expect(stored.map(({ id: _id, number: _n, ...c }) => c)).toEqual([
      {
        tvgId: 'Arte.fr',
        streamUrl: 'https://cdn.example/arte.m3u8',
        kind: 'tv',
        guideShiftMinutes: 0,
        streamUserAgent: 'Mozilla/5.0',
        streamReferrer: 'https://www.arte.tv/',
      },
      {
        tvgId: 'France2.fr@HD',
        streamUrl: 'https://cdn.example/f2.m3u8',
        kind: 'tv',
        guideShiftMinutes: 0,
        streamUserAgent: null,
        streamReferrer: 'https://www.france.tv/',
      },
      {
        tvgId: 'FranceInter.fr',
        streamUrl: 'https://radio.example/inter.m3u8',
        kind: 'radio',
        guideShiftMinutes: 0,
        streamUserAgent: null,
        streamReferrer: null,
      },
      {
        tvgId: 'M6.fr',
        streamUrl: 'https://cdn.example/m6.m3u8',
        kind: 'tv',
        guideShiftMinutes: 0,
        streamUserAgent: 'VLC/3.0.20',
        streamReferrer: 'https://www.6play.fr/',
      },
      {
        tvgId: 'TF1.fr',
        streamUrl: 'https://cdn.example/tf1.m3u8',
        kind: 'tv',
        guideShiftMinutes: -90,
        streamUserAgent: 'Kodi/20.0',
        streamReferrer: null,
      },
    ]);
    // tvg-chno is the number, first come first served: M6's 902 is France 2's; a demo channel keeps its 7.
    expect(byId['TF1.fr']?.number).toBe(901);
    expect(byId['France2.fr@HD']?.number).toBe(902);
    expect(byId['FranceInter.fr']?.number).toBe(9101);
    expect([902, 7]).not.toContain(byId['M6.fr']?.number);
    expect(byId['Arte.fr']?.number).not.toBe(7);
    // The radio is stored, but it is not listed among the TV channels.
    const demo = await bearerFor(ctx, DEMO);
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/v1/channels', headers: demo })).json()
      .resources as { id: number }[];
    const listedIds = new Set(listed.map((c) => c.id));
    expect(listedIds.has(byId['TF1.fr']!.id)).toBe(true);
    expect(listedIds.has(byId['FranceInter.fr']!.id)).toBe(false);
    const found = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/search?term=france&resolveReferences=true', headers: demo })
    ).json().resources as { resource: { type: string; id: number } }[];
    const channelsFound = found.filter((r) => r.resource.type === 'channel').map((r) => r.resource.id);
    expect(channelsFound).toContain(byId['France2.fr@HD']!.id);
    expect(channelsFound).not.toContain(byId['FranceInter.fr']!.id);
    expect(report.warnings).toEqual([
      'Línea 9: "France Inter" es una radio (radio="true"); se guarda como canal de audio, no entre los canales de TV.',
      'Línea 6: el número de canal 902 (tvg-chno) ya es de "France 2" (línea 4).',
      expect.stringMatching(
        /^Línea 2: el flujo de "TF1" pide User-Agent "Kodi\/20.0"; el navegador no puede enviarlo, así que el servidor retransmite/,
      ),
      expect.stringMatching(/^Línea 4: el flujo de "France 2" pide Referer "https:\/\/www.france.tv\/"; /),
      expect.stringMatching(
        /^Línea 6: el flujo de "M6" pide User-Agent "VLC\/3.0.20" y Referer "https:\/\/www.6play.fr\/"; /,
      ),
      expect.stringMatching(
        /^Línea 11: el flujo de "Arte" pide User-Agent "Mozilla\/5.0" y Referer "https:\/\/www.arte.tv\/"; /,
      ),
      expect.stringMatching(/^La cabecera #EXTM3U ofrece la guía "https:\/\/epg.example\/fr.xml.gz"/),
      'Línea 11: el número de canal 7 (tvg-chno) de "Arte" ya lo tiene otro canal; se mantiene el de ese canal.',
    ]);
    expect(report.problemsTotal).toBe(8);
    // The same list again changes nothing.
    const again = await ctx.modules.ingest.service.import('m3u', [ATTRIBUTES]);
    expect(again.channels).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
    // The guide's times of TF1 are moved by its tvg-shift: 12:00 UTC is shown at 10:30.
    await ctx.modules.ingest.service.import('xmltv', [TF1_GUIDE]);
    const programme = await ctx.sql
      .selectFrom('events')
      .select(['startTime', 'endTime'])
      .where('channelId', '=', byId['TF1.fr']!.id)
      .where('title', '=', 'Le 13h')
      .executeTakeFirstOrThrow();
    expect([Number(programme.startTime), Number(programme.endTime)]).toEqual([
      Date.UTC(2026, 5, 15, 10, 30),
      Date.UTC(2026, 5, 15, 11, 30),
    ]);
  });
});
