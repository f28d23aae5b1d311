import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenSessionResponse, OperatorChannel, StreamCheckList } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();

/** A stream server on 127.0.0.1 that, like many CDNs, answers only the User-Agent and Referer it expects. */
function pickyServer() {
  const wants: Record<string, { ua: string; referer?: string }> = {
    '/principal.m3u8': { ua: 'PantallaPrueba/1.0', referer: 'https://origen.example/' },
    '/respaldo.m3u8': { ua: 'Respaldo/2.0' },
  };
  const seen: { path: string; ua: string | undefined; referer: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] as string;
    seen.push({ path, ua: req.headers['user-agent'], referer: req.headers.referer });
    const want = wants[path];
    if (!want) return res.writeHead(404).end();
    const ok = req.headers['user-agent'] === want.ua && (!want.referer || req.headers.referer === want.referer);
    res.writeHead(ok ? 200 : 403, { 'content-type': 'application/vnd.apple.mpegurl' });
    res.end(ok ? '#EXTM3U\n' : 'prohibido');
  });
  return {
    seen,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Issue 31, item 3: the User-Agent and Referer a list gives are sent wherever the server asks for a stream. */
describe.each(kinds)('a stream’s headers on %s', (kind) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  const streams = pickyServer();
  let base: string;
  let list: string;
  const call = (method: 'GET' | 'POST', url: string) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: admin });
  const idOf = async (tvgId: string) =>
    (await ctx.sql.selectFrom('channels').select('id').where('tvgId', '=', tvgId).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    // The stream server is on 127.0.0.1: allowed as an operator allows a host of their own.
    ctx = await createTestContext(kind, { INGEST_ALLOWED_HOSTS: '127.0.0.1' });
    admin = await bearerFor(ctx, DEMO);
    base = await streams.start();
    list = `#EXTM3U
#EXTINF:-1 tvg-id="Exigente.es" http-user-agent="PantallaPrueba/1.0" http-referrer="https://origen.example/" group-title="General",Exigente
${base}/principal.m3u8
#EXTINF:-1 tvg-id="Exigente.es" group-title="General",Exigente (respaldo)
${base}/respaldo.m3u8|User-Agent=Respaldo%2F2.0
#EXTINF:-1 tvg-id="Exigente.es" group-title="General",Exigente (sin cabeceras)
${base}/principal.m3u8?sin=1
#EXTINF:-1 tvg-id="Desnudo.es" group-title="General",Desnudo
${base}/principal.m3u8
`;
    await ctx.modules.ingest.service.import('m3u', [list]);
  });
  afterAll(async () => {
    await streams.close();
    await ctx?.close();
  });

  it('keeps the alternates’ headers too, the same list again changing nothing, and the player gets relay URLs for them', async () => {
    const again = await ctx.modules.ingest.service.import('m3u', [list]);
    expect(again.channels).toMatchObject({ created: 0, updated: 0 });
    // Each stream that asks for headers is said, per channel, to be relayed by the server.
    expect(again.warnings.filter((w) => w.includes('el servidor retransmite el flujo'))).toEqual([
      expect.stringMatching(/^Línea 2: el flujo de "Exigente" pide User-Agent "PantallaPrueba\/1.0" y Referer /),
      expect.stringMatching(/^Línea 4: el flujo de "Exigente" pide User-Agent "Respaldo\/2.0"/),
    ]);
    const channel = (await call('GET', `/operator/channels/${await idOf('Exigente.es')}`)).json() as OperatorChannel;
    expect(channel.streams).toEqual([
      { url: `${base}/principal.m3u8`, userAgent: 'PantallaPrueba/1.0', referrer: 'https://origen.example/' },
      { url: `${base}/respaldo.m3u8`, userAgent: 'Respaldo/2.0', referrer: null },
      { url: `${base}/principal.m3u8?sin=1`, userAgent: null, referrer: null },
    ]);
    expect(channel.alternates).toBe(2);
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: admin,
      payload: {
        reference: { serviceName: 'test', type: 'LIVE', id: String(channel.id) },
        streamingProtocol: 'HLS',
        profileId: 0,
        deviceFingerprint: 'vitest',
      },
    });
    expect(session.statusCode, session.body).toBe(201);
    // The streams that ask for headers play through our origin's relay (relay.api.test.ts); the other as listed.
    const relayed = /^http:\/\/[^/]+\/media\/a\/[\w-]+\.\d+\.[\w-]+\/r\/index\.m3u8\?t=/;
    expect((session.json() as OpenSessionResponse).playInfo).toMatchObject({
      url: expect.stringMatching(relayed),
      alternateUrls: [expect.stringMatching(relayed), `${base}/principal.m3u8?sin=1`],
    });
  });

  it('sends each stream’s User-Agent and Referer when the console checks the streams, and audits the check', async () => {
    const id = await idOf('Exigente.es');
    const checked = await call('POST', `/operator/channels/${id}/stream-check`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect((checked.json() as StreamCheckList).items).toEqual([
      {
        url: `${base}/principal.m3u8`,
        userAgent: 'PantallaPrueba/1.0',
        referrer: 'https://origen.example/',
        ok: true,
        status: 200,
        message: null,
      },
      { url: `${base}/respaldo.m3u8`, userAgent: 'Respaldo/2.0', referrer: null, ok: true, status: 200, message: null },
      {
        url: `${base}/principal.m3u8?sin=1`,
        userAgent: null,
        referrer: null,
        ok: false,
        status: 403,
        message: 'El servidor del flujo ha respondido 403.',
      },
    ]);
    expect(streams.seen.filter((s) => s.path === '/principal.m3u8')).toEqual([
      { path: '/principal.m3u8', ua: 'PantallaPrueba/1.0', referer: 'https://origen.example/' },
      { path: '/principal.m3u8', ua: undefined, referer: undefined },
    ]);
    // The same URL without the list's headers is refused: they are what makes it play.
    const bare = (await call('POST', `/operator/channels/${await idOf('Desnudo.es')}/stream-check`)).json();
    expect((bare as StreamCheckList).items).toMatchObject([{ ok: false, status: 403 }]);
    const audit = await ctx.sql
      .selectFrom('auditLog')
      .select(['action', 'subjectId'])
      .where('action', '=', 'channel.stream-check')
      .execute();
    expect(audit).toEqual([
      { action: 'channel.stream-check', subjectId: String(id) },
      { action: 'channel.stream-check', subjectId: String(await idOf('Desnudo.es')) },
    ]);
  });

  it('answers 404 for a channel that is not there, and checks nothing of a channel from our origin', async () => {
    expect((await call('POST', '/operator/channels/999999/stream-check')).statusCode).toBe(404);
    const origin = (await call('POST', '/operator/channels/1/stream-check')).json() as StreamCheckList;
    expect(origin.items).toEqual([]);
  });
});
