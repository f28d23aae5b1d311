import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenSessionResponse } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();

const UA = 'PantallaPrueba/1.0';
const REFERER = 'https://origen.example/';
const SEGMENT = Buffer.from('0123456789abcdefghij');

/**
 * An HLS server on 127.0.0.1 that, like many IPTV CDNs, answers only the User-Agent and
 * Referer its list names: a master playlist, a media playlist naming its init map, key and
 * segments relatively, absolutely and on hosts the guard refuses, and byte ranges.
 */
function pickyHls() {
  const seen: { path: string; ua: string | undefined; referer: string | undefined; range: string | undefined }[] = [];
  let base = '';
  const playlists: Record<string, () => string> = {
    '/live/master.m3u8': () =>
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nmedia.m3u8?v=1\n#EXT-X-STREAM-INF:BANDWIDTH=100000\n/redirige\n',
    '/live/media.m3u8': () =>
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-MAP:URI="init.mp4"',
        `#EXT-X-KEY:METHOD=AES-128,URI="${base}/claves/k1?kid=1"`,
        '#EXTINF:2.0,',
        'seg0.m4s?firma=abc',
        '#EXTINF:2.0,',
        `${base}/live/seg1.m4s`,
        '#EXTINF:2.0,',
        // A name that resolves to loopback: not the operator's allowed host as written.
        `http://localhost:${base.split(':').pop()}/live/seg2.m4s`,
        '#EXTINF:2.0,',
        'http://10.1.2.3/seg3.m4s',
        '#EXTINF:2.0,',
        'roto.m4s',
      ].join('\n'),
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] as string;
    seen.push({ path, ua: req.headers['user-agent'], referer: req.headers.referer, range: req.headers.range });
    if (req.headers['user-agent'] !== UA || req.headers.referer !== REFERER) return res.writeHead(403).end('prohibido');
    const playlist = playlists[path];
    if (playlist) return res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' }).end(playlist());
    if (path === '/redirige')
      return res.writeHead(302, { location: `http://localhost:${base.split(':').pop()}/live/media.m3u8` }).end();
    if (path === '/live/roto.m4s') return res.writeHead(500).end();
    // A key server that calls its key a page: relayed as bytes, never as a page of our origin.
    if (path === '/claves/k1') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SEGMENT);
    if (!/^\/live\/(init\.mp4|seg\d\.m4s)$/.test(path)) return res.writeHead(404).end();
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (range) {
      const [start, end] = [Number(range[1]), Number(range[2])];
      return res
        .writeHead(206, {
          'content-type': 'video/mp4',
          'content-range': `bytes ${start}-${end}/${SEGMENT.length}`,
          'content-length': String(end - start + 1),
        })
        .end(SEGMENT.subarray(start, end + 1));
    }
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(SEGMENT.length) }).end(SEGMENT);
  });
  return {
    seen,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return base;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Issue 31, item 3: a stream that asks for a User-Agent and Referer plays through our origin's relay. */
describe.each(kinds)('the relay of streams that ask for headers on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  const upstream = pickyHls();
  let base: string;

  const channelId = async (tvgId: string) =>
    (await ctx.sql.selectFrom('channels').select('id').where('tvgId', '=', tvgId).executeTakeFirstOrThrow()).id;
  const open = async (headers: Record<string, string>, tvgId = 'Exigente.es') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers,
      payload: {
        reference: { serviceName: 'test', type: 'LIVE', id: String(await channelId(tvgId)) },
        streamingProtocol: 'HLS',
        profileId: 0,
        deviceFingerprint: 'vitest-relay',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as OpenSessionResponse;
  };
  /** A relay URL as the player fetches it: on our origin, so its path and query. */
  const get = (url: string, headers: Record<string, string> = {}) => {
    const parsed = new URL(url);
    return ctx.app.inject({ method: 'GET', url: `${parsed.pathname}${parsed.search}`, headers });
  };
  /** The URI lines of a playlist (what is not a tag). */
  const uris = (playlist: string) => playlist.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  const attributeUri = (playlist: string, tag: string) =>
    new RegExp(`^#${tag}:.*URI="([^"]+)"`, 'm').exec(playlist)?.[1] ?? '';

  beforeAll(async () => {
    // The stream server is on 127.0.0.1: allowed as an operator allows a host of their own.
    ctx = await createTestContext(kind, { INGEST_ALLOWED_HOSTS: '127.0.0.1' });
    [demo, basico] = await Promise.all([bearerFor(ctx, DEMO), bearerFor(ctx, BASICO)]);
    base = await upstream.start();
    await ctx.modules.ingest.service.import('m3u', [
      `#EXTM3U
#EXTINF:-1 tvg-id="Exigente.es" http-user-agent="${UA}" http-referrer="${REFERER}" group-title="General",Exigente
${base}/live/master.m3u8
#EXTINF:-1 tvg-id="Sufijo.es" group-title="General",Sufijo
${base}/live/media.m3u8|User-Agent=${encodeURIComponent(UA)}&Referer=${encodeURIComponent(REFERER)}
#EXTINF:-1 tvg-id="Desnudo.es" group-title="General",Desnudo
${base}/live/media.m3u8
`,
    ]);
  });
  // Two device slots per account: each test starts with none taken.
  beforeEach(async () => {
    for (const headers of [demo, basico])
      expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/sessions/reset', headers })).statusCode).toBe(204);
  });
  afterAll(async () => {
    await upstream.close();
    await ctx?.close();
  });

  it('plays the master playlist, its variant, key, init map and segments through the relay, with the list’s headers', async () => {
    const session = await open(demo);
    expect(session.playInfo.url).toMatch(/^http:\/\/[^/]+\/media\/a\/[\w-]+\.\d+\.[\w-]+\/r\/index\.m3u8\?t=/);
    expect(session.segmentToken).toBeDefined();
    const master = await get(session.playInfo.url);
    expect(master.statusCode, master.body).toBe(200);
    expect(master.headers['content-type']).toMatch(/application\/vnd\.apple\.mpegurl/);
    expect(master.headers['cache-control']).toBe('private, no-store');
    const [variant = '', redirected = ''] = uris(master.body);
    expect(variant).toMatch(/\/media\/a\/[^/]+\/r\/index\.m3u8\?t=/);

    const media = await get(variant);
    expect(media.statusCode, media.body).toBe(200);
    const segments = uris(media.body);
    expect(segments).toHaveLength(5);
    expect(segments.every((s) => /\/media\/a\/[^/]+\/r\/[\w.-]+\?t=/.test(s))).toBe(true);
    expect(segments[0]).toMatch(/\/r\/seg0\.m4s\?t=/);
    const init = await get(attributeUri(media.body, 'EXT-X-MAP'));
    expect(init.statusCode).toBe(200);
    expect(init.rawPayload).toEqual(SEGMENT);
    const key = await get(attributeUri(media.body, 'EXT-X-KEY'));
    expect(key.statusCode).toBe(200);
    expect(key.headers['content-type']).toBe('application/octet-stream');
    const whole = await get(segments[0] as string);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload).toEqual(SEGMENT);
    const part = await get(segments[1] as string, { range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-5/${SEGMENT.length}`);
    expect(part.body).toBe('2345');

    // Every request upstream carried the list's headers, and the player's Range where it sent one.
    const fetched = upstream.seen.filter((s) => s.ua === UA && s.referer === REFERER).map((s) => s.path);
    expect(fetched).toEqual([
      '/live/master.m3u8',
      '/live/media.m3u8',
      '/live/init.mp4',
      '/claves/k1',
      '/live/seg0.m4s',
      '/live/seg1.m4s',
    ]);
    expect(upstream.seen.every((s) => s.ua === UA)).toBe(true);
    expect(upstream.seen.find((s) => s.path === '/live/seg1.m4s')?.range).toBe('bytes=2-5');

    // Upstream failing is the upstream's failure (502), said so; never a 500.
    const broken = await get(segments[4] as string);
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toMatchObject({
      code: 'upstream_failed',
      message: 'El servidor del flujo ha respondido 500.',
    });
    // A redirect to a host the guard refuses is not followed.
    const refusedRedirect = await get(redirected);
    expect(refusedRedirect.statusCode).toBe(403);
    expect(refusedRedirect.json().message).toMatch(/localhost resuelve a .*INGEST_ALLOWED_HOSTS/);
  });

  it('refuses private and loopback destinations a playlist names, outside the operator’s allowance', async () => {
    const session = await open(demo);
    const master = await get(session.playInfo.url);
    const media = await get(uris(master.body)[0] as string);
    const segments = uris(media.body);
    const before = upstream.seen.length;
    // localhost resolves to 127.0.0.1, which only the literal host the operator named may reach.
    const byName = await get(segments[2] as string);
    expect(byName.statusCode).toBe(403);
    expect(byName.json().message).toMatch(/^El flujo no se retransmite: localhost resuelve a .*privada/);
    const literal = await get(segments[3] as string);
    expect(literal.statusCode).toBe(403);
    expect(literal.json().message).toMatch(/10\.1\.2\.3 es una dirección privada/);
    expect(upstream.seen.length).toBe(before);
  });

  it('relays the |User-Agent=…&Referer=… URL suffix’s headers too, and leaves a stream without headers unrelayed', async () => {
    const suffixed = await open(demo, 'Sufijo.es');
    expect(suffixed.playInfo.url).toMatch(/\/media\/a\/[^/]+\/r\/index\.m3u8\?t=/);
    const media = await get(suffixed.playInfo.url);
    expect(media.statusCode, media.body).toBe(200);
    expect(uris(media.body)[0]).toMatch(/\/r\/seg0\.m4s\?t=/);
    const bare = await open(demo, 'Desnudo.es');
    expect(bare.playInfo.url).toBe(`${base}/live/media.m3u8`);
    expect(bare.segmentToken).toBeUndefined();
    // Heartbeats renew a relayed session's token (a live playlist is fetched for as long as it plays); a plain one has none.
    const beat = async (id: string) =>
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/sessions/${id}/heartbeat`, headers: demo })).json() as {
        segmentToken?: string;
      };
    expect((await beat(suffixed.id)).segmentToken).toMatch(new RegExp(`^${suffixed.id}\\.\\d+\\.`));
    expect((await beat(bare.id)).segmentToken).toBeUndefined();
  });

  it('is documented in the OpenAPI document', () => {
    const doc = ctx.app.swagger() as { paths: Record<string, { get?: { summary?: string } }> };
    expect(doc.paths['/media/a/{token}/r/{file}']?.get?.summary).toMatch(
      /retransmitido con el User-Agent y el Referer/,
    );
  });

  it('refuses another account’s session, no session, a closed one and a changed target before asking upstream', async () => {
    const mine = await open(demo);
    const theirs = await open(basico);
    const url = new URL(mine.playInfo.url);
    const before = upstream.seen.length;
    const status = async (path: string, search = url.search) =>
      (await ctx.app.inject({ method: 'GET', url: `${path}${search}` })).statusCode;
    // basico@'s token with demo@'s target: the target is signed for demo@'s session only.
    const swapped = url.pathname.replace(/\/media\/a\/[^/]+\//, `/media/a/${theirs.segmentToken as string}/`);
    const other = await ctx.app.inject({ method: 'GET', url: `${swapped}${url.search}` });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Este enlace del flujo no es de esta sesión de reproducción.');
    // No session: a token that is not one, or a forged one.
    expect(await status('/media/a/sin-sesion/r/index.m3u8')).toBe(403);
    expect(await status(url.pathname.replace(/\.[\w-]{22}\/r\//, `.${'A'.repeat(22)}/r/`))).toBe(403);
    // No target, or a target changed to another URL.
    expect(await status(url.pathname, '')).toBe(400);
    const t = url.searchParams.get('t') as string;
    const [n, k, , sig] = t.split('.');
    const elsewhere = Buffer.from(`${base}/live/seg0.m4s`).toString('base64url');
    expect(await status(url.pathname, `?t=${n}.${k}.${elsewhere}.${sig}`)).toBe(403);
    // The session closed: its relay URLs stop once a closed session's segments do (its last requests finish first).
    const closed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/sessions/${mine.id}`, headers: demo });
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    // Past playback's CLOSED_SEGMENT_GRACE_MS (10 s), within the token's 60 s.
    ctx.clock.advance(11_000);
    const after = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(after.statusCode).toBe(403);
    expect(upstream.seen.length).toBe(before);
  });
});
