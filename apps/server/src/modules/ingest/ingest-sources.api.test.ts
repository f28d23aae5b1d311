import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, IngestRun, IngestSource, OpenSessionResponse } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';
import { syntheticChannelId } from './parsers/synthetic-guide';

const kinds = await databaseKinds();

/** A file server on 127.0.0.1 that answers ETag and Last-Modified, 304 on a match, gzip when asked. */
function fileServer() {
  const files = new Map<string, string>();
  const hits: { path: string; status: number }[] = [];
  const server = http.createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (body === undefined) {
      hits.push({ path: req.url ?? '', status: 404 });
      return res.writeHead(404).end();
    }
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    const status = req.headers['if-none-match'] === etag ? 304 : 200;
    hits.push({ path: req.url ?? '', status });
    if (status === 304) return res.writeHead(304, { etag }).end();
    const gzip = /gzip/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, {
      etag,
      'last-modified': new Date(0).toUTCString(),
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gzipSync(body) : body);
  });
  return {
    files,
    hits,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const xmltvTime = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

/** Three hours of the imported channel's guide, ending an hour before `now`, then two more. */
function guideAround(now: number, title = 'Noticias'): string {
  const hour = 3_600_000;
  const base = Math.floor(now / hour) * hour - 3 * hour;
  const programmes = Array.from(
    { length: 5 },
    (_, i) =>
      `<programme start="${xmltvTime(base + i * hour)}" stop="${xmltvTime(base + (i + 1) * hour)}" channel="${syntheticChannelId(1)}"><title>${title} ${i}</title></programme>`,
  );
  return `<?xml version="1.0"?>\n<tv><channel id="${syntheticChannelId(1)}"><display-name>Canal Externo</display-name></channel>\n${programmes.join('\n')}\n</tv>\n`;
}

const LIST = `#EXTM3U
#EXTINF:-1 tvg-id="${syntheticChannelId(1)}" tvg-chno="1" catchup="shift" catchup-days="2" group-title="Importados",Canal Externo (1080p)
https://primario.example/live/1/index.m3u8
#EXTINF:-1 tvg-id="${syntheticChannelId(1)}" status="online",Canal Externo (720p) [Geo-blocked]
https://respaldo.example/live/1/index.m3u8
`;

describe.each(kinds)('ingest sources and external streams on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  const files = fileServer();
  let base: string;
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: demo, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    // The file server is on 127.0.0.1: allowed as an operator allows a host of their own.
    ctx = await createTestContext(kind, { INGEST_ALLOWED_HOSTS: '127.0.0.1' });
    demo = await bearerFor(ctx, DEMO);
    base = await files.start();
  });
  afterAll(async () => {
    await files.close();
    await ctx?.close();
  });

  it('registers a list and a guide, fetches them conditionally and keeps each run', async () => {
    files.files.set('/lista.m3u', LIST);
    files.files.set('/guia.xml', guideAround(ctx.clock.now()));
    const list = (
      await inject('POST', '/admin/ingest/sources', { kind: 'm3u', url: `${base}/lista.m3u` })
    ).json() as IngestSource;
    const guideRes = await inject('POST', '/admin/ingest/sources', {
      kind: 'xmltv',
      url: `${base}/guia.xml`,
      intervalMinutes: 60,
    });
    expect(guideRes.statusCode, guideRes.body).toBe(201);
    const guide = guideRes.json() as IngestSource;
    expect((await inject('POST', '/admin/ingest/sources', { kind: 'm3u', url: 'ftp://x/y' })).statusCode).toBe(400);

    // Two ticks at once (as two processes would): each due source runs once.
    const [a, b] = await Promise.all([ctx.modules.ingest.sources.runDue(), ctx.modules.ingest.sources.runDue()]);
    const runs = [...a, ...b];
    expect(runs.map((r) => r.sourceId).sort()).toEqual([list.id, guide.id].sort());
    expect(runs.every((r) => r.outcome === 'imported')).toBe(true);
    expect(await ctx.modules.ingest.sources.runDue()).toEqual([]);

    const again = (await inject('POST', `/admin/ingest/sources/${guide.id}/run`)).json() as IngestRun;
    expect(again).toMatchObject({ outcome: 'not-modified', httpStatus: 304, report: null });
    files.files.set('/guia.xml', guideAround(ctx.clock.now(), 'Informativo'));
    const changed = (await inject('POST', `/admin/ingest/sources/${guide.id}/run`)).json() as IngestRun;
    expect(changed.outcome).toBe('imported');
    expect(changed.report?.programmes).toMatchObject({ inserted: 5, removed: 5 });

    files.files.delete('/lista.m3u');
    const gone = (await inject('POST', `/admin/ingest/sources/${list.id}/run`)).json() as IngestRun;
    expect(gone).toMatchObject({ outcome: 'failed', httpStatus: 404 });
    const history = (await inject('GET', `/admin/ingest/sources/${guide.id}/runs`)).json().runs as IngestRun[];
    expect(history.map((r) => r.outcome)).toEqual(['imported', 'not-modified', 'imported']);
    const listed = (await inject('GET', '/admin/ingest/sources')).json().sources as IngestSource[];
    expect(listed.find((s) => s.id === list.id)?.lastRun?.error).toContain('404');
    expect(files.hits.filter((h) => h.path === '/guia.xml').map((h) => h.status)).toEqual([200, 304, 200]);
    expect((await inject('GET', '/admin/ingest/sources/999/runs')).statusCode).toBe(404);
  });

  it('keeps aside a guide channel that matches no channel of its paired list, for mapping (issue 31, item 6)', async () => {
    const hour = 3_600_000;
    const at = Math.floor(ctx.clock.now() / hour) * hour;
    const prog = (channel: string, i: number) =>
      `<programme start="${xmltvTime(at + i * hour)}" stop="${xmltvTime(at + (i + 1) * hour)}" channel="${channel}"><title>P ${i}</title></programme>`;
    files.files.set(
      '/pareja.m3u',
      '#EXTM3U\n#EXTINF:-1 tvg-id="Pareja.es" group-title="Importados",Canal Pareja\nhttps://cdn.example/pareja.m3u8\n',
    );
    files.files.set(
      '/pareja.xml',
      `<?xml version="1.0"?>\n<tv>\n<channel id="Pareja.es"><display-name>Canal Pareja</display-name></channel>\n<channel id="Huerfano.es"><display-name>Canal Huérfano</display-name></channel>\n${[prog('Pareja.es', 0), prog('Huerfano.es', 0), prog('Huerfano.es', 1)].join('\n')}\n</tv>\n`,
    );
    const add = async (kind: 'm3u' | 'xmltv', path: string) =>
      (await inject('POST', '/admin/ingest/sources', { kind, url: `${base}${path}` })).json() as IngestSource;
    const list = await add('m3u', '/pareja.m3u');
    const guide = await add('xmltv', '/pareja.xml');
    expect(await ctx.modules.ingest.sources.runNow(list.id)).toMatchObject({ outcome: 'imported' });
    const run = (await ctx.modules.ingest.sources.runNow(guide.id)) as IngestRun;
    expect(run.outcome, run.error ?? '').toBe('imported');
    // No stream-less channel for the guide's orphan: its programmes wait for a mapping.
    expect(run.report?.channels.created).toBe(0);
    expect(run.report?.warnings).toContainEqual(
      expect.stringMatching(/^Línea \d+: el canal "Huerfano.es" de la guía no es ningún canal de la lista; /),
    );
    const orphan = await ctx.sql.selectFrom('channels').select('id').where('tvgId', '=', 'Huerfano.es').execute();
    expect(orphan).toEqual([]);
    expect(await ctx.modules.ingest.sources.unmatched(guide.id)).toEqual([
      { guideId: 'Huerfano.es', programmes: 2, firstLine: expect.any(Number) },
    ]);
    // The paired channel has its programme.
    const paired = await ctx.sql
      .selectFrom('channels')
      .innerJoin('events', 'events.channelId', 'channels.id')
      .select('events.title')
      .where('channels.tvgId', '=', 'Pareja.es')
      .execute();
    expect(paired.map((e) => e.title)).toEqual(['P 0']);
    await inject('DELETE', `/admin/ingest/sources/${list.id}`);
    await inject('DELETE', `/admin/ingest/sources/${guide.id}`);
  });

  it('plays an imported channel with its alternate stream and its ended programmes through the catch-up template', async () => {
    const channel = ((await inject('GET', '/channels')).json().resources as Channel[]).find(
      (c) => c.name === 'Canal Externo',
    ) as Channel;
    expect(channel.catchup_hours).toBe(48);
    const open = async (type: 'LIVE' | 'CUTV', id: number) => {
      const res = await inject('POST', '/sessions', {
        reference: { serviceName: 'test', type, id: String(id) },
        streamingProtocol: 'HLS',
        profileId: 0,
        deviceFingerprint: 'vitest',
      });
      expect(res.statusCode, res.body).toBe(201);
      const session = res.json() as OpenSessionResponse;
      await inject('DELETE', `/sessions/${session.id}`);
      return session;
    };
    const live = await open('LIVE', channel.id);
    expect(live.playInfo).toMatchObject({
      url: 'https://primario.example/live/1/index.m3u8',
      alternateUrls: ['https://respaldo.example/live/1/index.m3u8'],
    });
    expect(live.drm).toBeNull();

    const day = new Date(ctx.clock.now() - 2 * 3_600_000).toISOString().slice(0, 10);
    const epg = (await inject('GET', `/epg/${channel.id}/${day}?tz=UTC`)).json().events as {
      id_event: number;
      startTime: number;
      endTime: number;
    }[];
    const ended = epg.find((e) => e.endTime <= ctx.clock.now()) as {
      id_event: number;
      startTime: number;
      endTime: number;
    };
    const archive = await open('CUTV', ended.id_event);
    const start = Math.floor(ended.startTime / 1000);
    expect(archive.playInfo.url).toBe(
      `https://primario.example/live/1/index.m3u8?utc=${start}&lutc=${Math.floor(ctx.clock.now() / 1000)}`,
    );
    expect(archive.playInfo.alternateUrls).toEqual([
      `https://respaldo.example/live/1/index.m3u8?utc=${start}&lutc=${Math.floor(ctx.clock.now() / 1000)}`,
    ]);
  });
});
