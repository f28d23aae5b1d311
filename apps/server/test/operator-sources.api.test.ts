import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpgDayResponse, GuideMapping, OperatorSource, SourceFetch, UnmatchedGuideId } from '@pantalla/contracts';
import { bearerFor, BASICO, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { builders } from './builders';

const kinds = await databaseKinds();
const HOUR = 3_600_000;
const xmltvTime = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

/** A guide with one declared channel and programmes for a guide id no channel carries (from line 4 on). */
function guide(base: number, unknownId: string, title: string): string {
  const programme = (channel: string, i: number, name: string) =>
    `<programme start="${xmltvTime(base + i * HOUR)}" stop="${xmltvTime(base + (i + 1) * HOUR)}" channel="${channel}"><title>${name} ${i}</title></programme>`;
  return [
    '<?xml version="1.0"?>',
    '<tv><channel id="conocido.test"><display-name>Canal Conocido</display-name></channel>',
    programme('conocido.test', 0, 'Conocido'),
    ...Array.from({ length: 3 }, (_, i) => programme(unknownId, i, title)),
    '</tv>',
    '',
  ].join('\n');
}

/** A guide server on 127.0.0.1 that answers ETag and Last-Modified. */
function guideServer() {
  const files = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (body === undefined) return res.writeHead(404).end();
    if (req.headers['if-none-match'] === `"v${body.length}"`) return res.writeHead(304).end();
    res.writeHead(200, {
      etag: `"v${body.length}"`,
      'last-modified': new Date(0).toUTCString(),
      'content-type': 'application/xml',
    });
    res.end(body);
  });
  return {
    files,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(kinds)('the console’s guide sources on %s', (kind) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let content: Record<string, string>;
  let support: Record<string, string>;
  const files = guideServer();
  let base: string;
  let dayStart: number;
  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Waits for the source's newest fetch to end (it runs in the background). */
  async function settled(sourceId: number): Promise<SourceFetch> {
    for (let i = 0; i < 200; i++) {
      const items = (await call(content, 'GET', `/operator/sources/${sourceId}/fetches`)).json().items as SourceFetch[];
      if (items[0] && items[0].outcome !== 'running') return items[0];
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the fetch never ended');
  }

  async function operator(email: string, role: 'content' | 'support'): Promise<Record<string, string>> {
    const account = await ctx.modules.identity.accounts.create({
      email,
      password: 'operador1234',
      name: 'Op',
      surname: role,
      pin: null,
    });
    await builders(ctx).grantRole(account.id, role);
    return bearerFor(ctx, email);
  }

  beforeAll(async () => {
    ctx = await createTestContext(kind, { INGEST_ALLOWED_HOSTS: '127.0.0.1' });
    admin = await bearerFor(ctx, DEMO);
    content = await operator('contenidos-test@pantalla.test', 'content');
    support = await operator('soporte-test@pantalla.test', 'support');
    base = await files.start();
    dayStart = Math.floor(ctx.clock.now() / (24 * HOUR)) * 24 * HOUR;
  });
  afterAll(async () => {
    await files.close();
    await ctx?.close();
  });

  it('lets content operators and admins in, and refuses support and subscribers', async () => {
    expect((await call(content, 'GET', '/operator/sources')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/operator/sources')).statusCode).toBe(200);
    const refused = await call(support, 'GET', '/operator/sources');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Tu rol de operador no permite hacer esto.');
    expect(
      (
        await call(await bearerFor(ctx, BASICO), 'POST', '/operator/sources', {
          kind: 'xmltv',
          url: 'https://guia.example/x.xml',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(support, 'POST', '/operator/guide-mappings', { action: 'ignore', guideId: 'x' })).statusCode,
    ).toBe(403);
  });

  it('records a fetch’s details and warnings with their lines, and maps an unmatched guide id onto a channel’s guide', async () => {
    files.files.set('/guia.xml', guide(dayStart + 2 * HOUR, 'misterio.test', 'Misterio'));
    const created = await call(content, 'POST', '/operator/sources', {
      kind: 'xmltv',
      url: `${base}/guia.xml`,
      intervalMinutes: 60,
    });
    expect(created.statusCode, created.body).toBe(201);
    const source = created.json() as OperatorSource;

    const started = await call(content, 'POST', `/operator/sources/${source.id}/fetch`);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ outcome: 'running', trigger: 'operator' });
    const fetch = await settled(source.id);
    expect(fetch).toMatchObject({
      outcome: 'imported',
      httpStatus: 200,
      etag: expect.stringMatching(/^"v\d+"$/),
      lastModified: new Date(0).toUTCString(),
      error: null,
    });
    expect(fetch.bytes).toBe(Buffer.byteLength(files.files.get('/guia.xml') as string));
    expect(fetch.durationMs).toBeGreaterThanOrEqual(0);
    expect(fetch.report?.programmes.skipped).toBe(3);
    expect(fetch.warnings).toContainEqual({
      line: 4,
      message: 'canal "misterio.test" desconocido; se omiten sus programas.',
    });

    const listed = (await call(content, 'GET', '/operator/sources')).json().items as OperatorSource[];
    expect(listed.find((s) => s.id === source.id)).toMatchObject({
      unmatched: 1,
      lastFetch: { id: fetch.id, outcome: 'imported' },
    });
    const unmatched = (await call(content, 'GET', `/operator/sources/${source.id}/unmatched`)).json()
      .items as UnmatchedGuideId[];
    expect(unmatched).toEqual([{ guideId: 'misterio.test', programmes: 3, firstLine: 4 }]);

    const options = (await call(content, 'GET', '/operator/sources/channel-options?q=3')).json().items as {
      id: number;
      number: number;
    }[];
    const channel = options.find((o) => o.number === 3) as { id: number };
    const mapped = await call(content, 'POST', '/operator/guide-mappings', {
      action: 'map',
      guideId: 'misterio.test',
      channelId: channel.id,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json() as GuideMapping).toEqual({
      guideId: 'misterio.test',
      action: 'map',
      channelId: channel.id,
      programmesAttached: 3,
    });

    const day = new Date(dayStart).toISOString().slice(0, 10);
    const epg = (await call(admin, 'GET', `/epg/${channel.id}/${day}?tz=UTC`)).json() as EpgDayResponse;
    expect(epg.events.filter((e) => e.title.startsWith('Misterio')).map((e) => e.title)).toEqual([
      'Misterio 0',
      'Misterio 1',
      'Misterio 2',
    ]);
    expect((await call(content, 'GET', `/operator/sources/${source.id}/unmatched`)).json().items).toEqual([]);

    // A later import with new titles: the mapping applies again by itself.
    files.files.set('/guia.xml', guide(dayStart + 2 * HOUR, 'misterio.test', 'Enigma'));
    await call(content, 'POST', `/operator/sources/${source.id}/fetch`);
    expect((await settled(source.id)).outcome).toBe('imported');
    const later = (await call(admin, 'GET', `/epg/${channel.id}/${day}?tz=UTC`)).json() as EpgDayResponse;
    expect(later.events.filter((e) => /^(Enigma|Misterio)/.test(e.title)).map((e) => e.title)).toEqual([
      'Enigma 0',
      'Enigma 1',
      'Enigma 2',
    ]);

    const audit = await ctx.sql
      .selectFrom('auditLog')
      .select(['action', 'subjectId'])
      .where('action', 'in', ['source.create', 'source.fetch', 'guide-mapping.map'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'guide-mapping.map',
      'source.create',
      'source.fetch',
      'source.fetch',
    ]);
  });

  it('uploads a file, ignores a guide id, creates a channel for another, and edits and removes a source', async () => {
    const source = (
      await call(content, 'POST', '/operator/sources', { kind: 'xmltv', url: 'https://guias.example/subida.xml' })
    ).json() as OperatorSource;
    const file = `${guide(dayStart + 5 * HOUR, 'ignorado.test', 'Ignorado')}`.replace(
      '</tv>',
      guide(dayStart + 5 * HOUR, 'nuevo.test', 'Nuevo')
        .split('\n')
        .filter((l) => l.includes('nuevo.test'))
        .join('\n') + '\n</tv>',
    );
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/operator/sources/${source.id}/upload`,
      headers: { ...content, 'content-type': 'application/xml' },
      payload: file,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({
      trigger: 'upload',
      outcome: 'imported',
      httpStatus: null,
      bytes: Buffer.byteLength(file),
    });
    const ids = () =>
      call(content, 'GET', `/operator/sources/${source.id}/unmatched`).then((r) =>
        (r.json().items as UnmatchedGuideId[]).map((u) => u.guideId),
      );
    expect(await ids()).toEqual(['ignorado.test', 'nuevo.test']);

    expect(
      (await call(content, 'POST', '/operator/guide-mappings', { action: 'ignore', guideId: 'ignorado.test' })).json(),
    ).toMatchObject({ action: 'ignore', programmesAttached: 0 });
    expect(await ids()).toEqual(['nuevo.test']);
    const createdChannel = (
      await call(content, 'POST', '/operator/guide-mappings', {
        action: 'create',
        guideId: 'nuevo.test',
        name: 'Canal Nuevo',
      })
    ).json() as GuideMapping;
    expect(createdChannel.programmesAttached).toBe(3);
    const row = await ctx.sql
      .selectFrom('channels')
      .select(['name', 'tvgId'])
      .where('id', '=', createdChannel.channelId ?? 0)
      .executeTakeFirst();
    expect(row).toEqual({ name: 'Canal Nuevo', tvgId: 'nuevo.test' });
    expect(await ids()).toEqual([]);
    expect(
      (await call(content, 'POST', '/operator/guide-mappings', { action: 'map', guideId: 'x', channelId: 999_999 }))
        .statusCode,
    ).toBe(404);

    const patched = await call(content, 'PATCH', `/operator/sources/${source.id}`, { intervalMinutes: 120 });
    expect(patched.json()).toMatchObject({ intervalMinutes: 120 });
    expect(
      (await call(content, 'PATCH', `/operator/sources/${source.id}`, { url: 'http://10.0.0.1/x.xml' })).statusCode,
    ).toBe(400);
    expect((await call(content, 'DELETE', `/operator/sources/${source.id}`)).statusCode).toBe(204);
    expect((await call(content, 'GET', `/operator/sources/${source.id}`)).statusCode).toBe(404);
    const audit = await ctx.sql
      .selectFrom('auditLog')
      .select('action')
      .where('subjectId', 'in', [String(source.id), 'ignorado.test', 'nuevo.test'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'guide-mapping.create-channel',
      'guide-mapping.ignore',
      'source.create',
      'source.delete',
      'source.update',
      'source.upload',
    ]);
  });

  it('keeps the last 30 fetches of a source', async () => {
    files.files.set('/corta.xml', guide(dayStart + 10 * HOUR, 'otro.test', 'Otro'));
    const source = (
      await call(content, 'POST', '/operator/sources', { kind: 'xmltv', url: `${base}/corta.xml` })
    ).json() as OperatorSource;
    for (let i = 0; i < 32; i++) await ctx.modules.ingest.sources.runNow(source.id);
    const items = (await call(content, 'GET', `/operator/sources/${source.id}/fetches`)).json().items as SourceFetch[];
    expect(items).toHaveLength(30);
    expect(items[1]?.outcome).toBe('not-modified');
    expect(items[29]?.outcome).toBe('not-modified');
    expect((items[0]?.id ?? 0) - (items[29]?.id ?? 0)).toBe(29);
    const stored = await ctx.sql
      .selectFrom('sourceFetches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sourceId', '=', source.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(30);

    // A fetch its process left running (the source's lease has run out) is marked failed on the next tick.
    await builders(ctx).newSourceFetch({
      sourceId: source.id,
      trigger: 'operator',
      startedAt: ctx.clock.now(),
      finishedAt: null,
      outcome: 'running',
      httpStatus: null,
      etag: null,
      lastModified: null,
      bytes: 0,
      durationMs: null,
      report: null,
      warnings: '[]',
      error: null,
    });
    await ctx.modules.ingest.sources.runDue();
    const [latest] = (await call(content, 'GET', `/operator/sources/${source.id}/fetches`)).json()
      .items as SourceFetch[];
    expect(latest).toMatchObject({ outcome: 'failed', error: 'El proceso que hacía la descarga se detuvo.' });
  });
});
