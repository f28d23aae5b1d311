import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../test/databases';
import { createTestContext, type TestContext } from '../../../../test/context';
import { DEMO, bearerFor } from '../../../../test/auth';

const kinds = await databaseKinds();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PNG2 = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 2)]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

/** A remote logo server on 127.0.0.1 that counts what it is asked, and whose "changing" picture can change. */
function logoServer() {
  const hits = new Map<string, number>();
  let changing = { bytes: PNG, etag: '"v1"' };
  const server = http.createServer((req, res) => {
    const route = req.url ?? '';
    hits.set(route, (hits.get(route) ?? 0) + 1);
    if (route.startsWith('/logo.png')) return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (route === '/huge.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(40_000)]));
    if (route === '/page.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><title>Not found</title>');
    if (route === '/clean.svg') return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
    if (route === '/script.svg')
      return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg><script>alert(1)</script></svg>');
    if (route === '/changing.png') {
      if (req.headers['if-none-match'] === changing.etag) return res.writeHead(304).end();
      return res.writeHead(200, { 'content-type': 'image/png', etag: changing.etag }).end(changing.bytes);
    }
    res.writeHead(404).end();
  });
  return { server, hits, change: () => (changing = { bytes: PNG2, etag: '"v2"' }) };
}

describe.each(kinds)('pictures on http: served from our origin on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let base = '';
  const remote = logoServer();
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  /** Gives channel 1 this logo, as an import would, and answers the logo URL the API gives for it. */
  async function logoFor(url: string): Promise<string> {
    const { latest } = await ctx.sql
      .selectFrom('channels')
      .select((eb) => eb.fn.max('updatedAt').as('latest'))
      .executeTakeFirstOrThrow();
    await ctx.sql
      .updateTable('channels')
      .set({ logoUrl: url, updatedAt: Number(latest) + 1 })
      .where('id', '=', 1)
      .execute();
    ctx.modules.catalogue.importsChanged();
    const res = await get('/api/v1/channels/1', demo);
    expect(res.statusCode).toBe(200);
    return (res.json() as { logoURL: string }).logoURL;
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => remote.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(remote.server.address() as AddressInfo).port}`;
    ctx = await createTestContext(kind, {
      IMAGE_ALLOWED_HOSTS: '127.0.0.1',
      IMAGE_MAX_KB: '16',
      IMAGE_REFRESH_HOURS: '1',
    });
    demo = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => {
    await ctx?.close();
    remote.server.closeAllConnections();
    await new Promise((resolve) => remote.server.close(resolve));
  });

  it('gives a proxied URL for an http logo, fetches it once, and answers 304 to a browser that holds it', async () => {
    const logo = await logoFor(`${base}/logo.png?kind=${kind}`);
    expect(logo).toMatch(/^\/api\/v1\/images\/remote\/channel\/1\/[0-9a-f]{16}$/);
    const first = await get(logo);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.equals(PNG)).toBe(true);
    const again = await get(logo);
    expect(again.rawPayload.equals(PNG)).toBe(true);
    expect(remote.hits.get(`/logo.png?kind=${kind}`)).toBe(1);
    expect((await get(logo, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('leaves an https logo as it is', async () => {
    expect(await logoFor('https://logos.example/canal.png')).toBe('https://logos.example/canal.png');
  });

  it('fetches only the URL the catalogue holds: a stale or made-up path is 404 and reaches nobody', async () => {
    const logo = await logoFor(`${base}/clean.svg`);
    const before = remote.hits.get('/clean.svg') ?? 0;
    expect((await get(logo.replace(/[0-9a-f]{16}$/, '0123456789abcdef'))).statusCode).toBe(404);
    expect((await get(logo.replace('/channel/1/', '/channel/999999/'))).statusCode).toBe(404);
    expect((await get(logo.replace('/channel/1/', '/event/1/'))).statusCode).toBe(404);
    expect((await get(`${logo}/../..`)).statusCode).toBeLessThan(500);
    expect(remote.hits.get('/clean.svg') ?? 0).toBe(before);
  });

  it('serves a plain SVG under a policy that runs nothing, and refuses one with a script', async () => {
    const clean = await get(await logoFor(`${base}/clean.svg`));
    expect(clean.statusCode).toBe(200);
    expect(clean.headers['content-type']).toBe('image/svg+xml');
    expect(clean.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    const script = await get(await logoFor(`${base}/script.svg`));
    expect(script.statusCode).toBe(404);
    expect(script.json()).toMatchObject({ message: 'La imagen no está disponible.' });
  });

  it.each([
    ['a picture past the size cap', '/huge.png'],
    ['an HTML page that says it is a PNG', '/page.png'],
    ['a picture the remote server does not have', '/gone.png'],
  ])('answers 404, never 5xx, for %s', async (_, route) => {
    const res = await get(await logoFor(`${base}${route}`));
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('revalidates a copy once it is old, and serves the new picture once it changed', async () => {
    const logo = await logoFor(`${base}/changing.png`);
    expect((await get(logo)).rawPayload.equals(PNG)).toBe(true);
    ctx.clock.advance(2 * 3_600_000);
    // Unchanged at the source: a 304 there, the same bytes here.
    expect((await get(logo)).rawPayload.equals(PNG)).toBe(true);
    await expect.poll(() => remote.hits.get('/changing.png')).toBe(2);
    remote.change();
    ctx.clock.advance(2 * 3_600_000);
    await expect.poll(async () => (await get(logo)).rawPayload.equals(PNG2)).toBe(true);
    expect(remote.hits.get('/changing.png')).toBe(3);
  });

  it('proxies a programme picture on http: in the guide answers', async () => {
    // The clock may have moved past the sign-in's lifetime (revalidation above).
    demo = await bearerFor(ctx, DEMO);
    const now = ctx.clock.now();
    const event = await ctx.sql
      .selectFrom('events')
      .select(['id'])
      .where('channelId', '=', 1)
      .where('startTime', '<=', now)
      .where('endTime', '>', now)
      .executeTakeFirstOrThrow();
    await ctx.sql
      .updateTable('events')
      .set({ imageUrl: `${base}/logo.png?event`, posterUrl: `${base}/logo.png?event` })
      .where('id', '=', event.id)
      .execute();
    const version = Number(
      (
        await ctx.sql
          .selectFrom('catalogueMeta')
          .select('value')
          .where('key', '=', 'guide_version')
          .executeTakeFirstOrThrow()
      ).value,
    );
    await ctx.sql
      .updateTable('catalogueMeta')
      .set({ value: String(version + 1) })
      .where('key', '=', 'guide_version')
      .execute();
    ctx.modules.catalogue.importsChanged();
    const answer = await get(`/api/v1/events/${event.id}`, demo);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = answer.json() as { epg: { image: string; poster: string } };
    expect(detail.epg.image).toMatch(new RegExp(`^/api/v1/images/remote/event/${event.id}/[0-9a-f]{16}$`));
    const res = await get(detail.epg.poster);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });
});
