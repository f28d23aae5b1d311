import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, IngestReport, IngestRun, IngestSource } from '@pantalla/contracts';
import { createTestContext, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';
import { DEMO, bearerFor } from '../../../test/auth';
import { MAX_STREAMS_PER_CHANNEL } from './parsers/m3u-reader';

/**
 * Issue 11: files shaped to exhaust the import worker, and guide sources pointed at this
 * machine or its network. Each is refused with its reason; none is a 5xx.
 */

/** 2,000,000 nested elements (6 MB), in pieces as an upload arrives. */
function* deepGuide(): Generator<string> {
  yield '<?xml version="1.0"?>\n<tv>\n';
  const piece = '<a>'.repeat(100_000);
  for (let i = 0; i < 20; i++) yield piece;
}

/** One tvg-id repeated on every entry: ~48 MB when `entries` is 500,000. */
function* repeatedList(entries: number): Generator<string> {
  yield '#EXTM3U\n';
  const block = Array.from(
    { length: 1000 },
    (_, i) =>
      `#EXTINF:-1 tvg-id="repetido" group-title="Todo",Repetido\nhttps://cdn.example/repetido/${i}/index.m3u8\n`,
  ).join('');
  for (let i = 0; i < entries / 1000; i++) yield block;
}

const upload = (ctx: TestContext, headers: Record<string, string>, format: 'xmltv' | 'm3u', body: Iterable<string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/ingest/${format}`,
    headers: { ...headers, 'content-type': 'text/plain' },
    payload: Buffer.from([...body].join('')),
  });

describe.each([
  { name: "on the server's thread", threads: '0' },
  { name: 'in threads of their own', threads: '1' },
])('hostile files $name', { timeout: 120_000 }, ({ threads }) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { INGEST_THREADS: threads }, { sqliteFile: true });
    demo = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => ctx?.close());

  it('refuses a 2,000,000-deep guide with 400 and the reason', async () => {
    const res = await upload(ctx, demo, 'xmltv', deepGuide());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^No se ha importado nada\. Línea 3: el XML anida más de 64 elementos/);
  });

  it(`imports a list of one tvg-id repeated 100,000 times as one channel of ${MAX_STREAMS_PER_CHANNEL} streams, with a warning`, async () => {
    const res = await upload(ctx, demo, 'm3u', repeatedList(100_000));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as IngestReport;
    expect(report.warnings).toEqual([
      `Línea ${2 * MAX_STREAMS_PER_CHANNEL + 2}: el canal "Repetido" tiene más de ${MAX_STREAMS_PER_CHANNEL} flujos; se omiten ${100_000 - MAX_STREAMS_PER_CHANNEL} entradas desde esta línea.`,
    ]);
    const channels = (await ctx.app.inject({ method: 'GET', url: '/api/v1/channels', headers: demo })).json()
      .resources as Channel[];
    expect(channels.filter((c) => c.name === 'Repetido')).toHaveLength(1);
  });
});

describe.each(await databaseKinds())('NUL in an imported file on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => ctx?.close());

  it('imports a list with NUL in its names, ids, attributes and URLs without it, saying so (PostgreSQL answered 500)', async () => {
    const list =
      '#EXTM3U\n#EXTINF:-1 tvg-id="nu\u0000lo" tvg-logo="https://x.example/\u0000.png" group-title="G\u0000" x-\u0000="v\u0000",Ca\u0000nal Nulo\nhttps://cdn.example/\u0000/i.m3u8|User-Agent=a\u0000b\n';
    const res = await upload(ctx, demo, 'm3u', [list]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as IngestReport).warnings).toEqual([
      'Línea 2: la línea contiene el carácter nulo (U+0000); se quita.',
      'Línea 3: la línea contiene el carácter nulo (U+0000); se quita.',
      expect.stringMatching(/^Línea 2: el flujo de "Canal Nulo" pide User-Agent "ab"/),
    ]);
    const channels = (await ctx.app.inject({ method: 'GET', url: '/api/v1/channels', headers: demo })).json()
      .resources as Channel[];
    expect(channels.map((c) => c.name)).toContain('Canal Nulo');
  });

  it('imports a guide with NUL in its text, leaving out the elements with NUL in their markup', async () => {
    const guide =
      '<tv generator-info-name="g\u0000"><channel id="nulo"><display-name>Guía\u0000 Nula</display-name></channel><programme start="20260101000000 +0000" stop="20260101010000 +0000" channel="nulo"><title>Tí\u0000tulo</title></programme><programme start="20260101010000 +0000" stop="20260101020000 +0000" channel="nu\u0000lo"><title>T</title></programme></tv>';
    const res = await upload(ctx, demo, 'xmltv', [guide]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as IngestReport).programmes).toMatchObject({ inserted: 1 });
  });
});

describe('guide sources on private destinations', () => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let port = 0;
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/redirige') return res.writeHead(302, { location: `http://localhost:${port}/guia.xml` }).end();
    res
      .writeHead(200)
      .end('#EXTM3U\n#EXTINF:-1 tvg-id="permitido",Canal Permitido\nhttps://cdn.example/permitido.m3u8\n');
  });
  const register = (url: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ingest/sources',
      headers: demo,
      payload: { kind: 'm3u', url },
    });
  const run = async (url: string) => {
    const res = await register(url);
    expect(res.statusCode, res.body).toBe(201);
    return (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/ingest/sources/${(res.json() as IngestSource).id}/run`,
        headers: demo,
      })
    ).json() as IngestRun;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // 127.0.0.1 is the operator's own host here; localhost is not on the list.
    ctx = await createTestContext('sqlite', { INGEST_ALLOWED_HOSTS: '127.0.0.1' });
    demo = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ctx?.close();
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/guia.xml',
    'http://[::1]:8080/guia.xml',
    'http://192.168.1.10/guia.xml',
    'http://[::ffff:169.254.169.254]/',
  ])('answers 400 to registering %s, saying how to allow it', async (url) => {
    const res = await register(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/dirección privada, de loopback o de enlace local.*INGEST_ALLOWED_HOSTS/);
  });

  it('answers 400 to a literal 127.0.0.1 when the operator has not allowed it', async () => {
    const strict = await createTestContext('sqlite', {}, { demo: true });
    try {
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/admin/ingest/sources',
        headers: await bearerFor(strict, DEMO),
        payload: { kind: 'm3u', url: `http://127.0.0.1:${port}/lista.m3u` },
      });
      expect(res.statusCode, res.body).toBe(400);
    } finally {
      await strict.close();
    }
  });

  it('fails the run of a name that resolves to loopback (localhost), with the reason, without connecting', async () => {
    const before = hits;
    const failed = await run(`http://localhost:${port}/guia.xml`);
    expect(failed).toMatchObject({ outcome: 'failed', httpStatus: null });
    expect(failed.error).toMatch(
      /localhost resuelve a (127\.0\.0\.1|::1), una dirección privada, de loopback o de enlace local/,
    );
    expect(hits).toBe(before);
  });

  it('fails the run of an allowed host that redirects to loopback, with the reason', async () => {
    const failed = await run(`http://127.0.0.1:${port}/redirige`);
    expect(failed).toMatchObject({ outcome: 'failed' });
    expect(failed.error).toMatch(/localhost resuelve a/);
  });

  it('fetches from the allowed host', async () => {
    expect(await run(`http://127.0.0.1:${port}/lista.m3u`)).toMatchObject({ outcome: 'imported', httpStatus: 200 });
  });
});
