import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { encodeTestClip } from '../fixtures/test-clip';
import { apiToken, emplayer, PlayerPage, resetSessions } from '../pages/player-page';

/*
 * Issue 31, item 3 end to end: a list entry asks for a User-Agent and a Referer (a browser
 * can send neither); its HLS stream, served by this spec on 127.0.0.1, refuses every request
 * without them. The player plays it through the server's relay, which asks with them.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = '/work/wt/shots/ingest';
const CHANNEL = 'Canal Retransmitido E2E';
const UA = 'PantallaE2E/1.0 (SmartTV)';
const REFERER = 'https://origen.example/directo';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-e2e-relay-'));
const requests: { path: string; ua: string | undefined; referer: string | undefined }[] = [];
let base = '';
let server: http.Server;

/** A clear fMP4 HLS stream (master, media playlist, init map, segments), made by ffmpeg. */
function makeStream(): void {
  encodeTestClip(
    [
      '-f',
      'hls',
      '-hls_time',
      '2',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_segment_filename',
      'seg%d.m4s',
      'media.m3u8',
    ],
    dir,
  );
  // A master playlist as IPTV lists point to, naming its variant relatively (ffmpeg's own lists none for one stream).
  writeFileSync(
    path.join(dir, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x180,CODECS="avc1.64000d"\nmedia.m3u8\n',
  );
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  makeStream();
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({ path: url.pathname, ua: req.headers['user-agent'], referer: req.headers.referer });
    // Like many IPTV CDNs: only the User-Agent and Referer the list names play.
    if (req.headers['user-agent'] !== UA || req.headers.referer !== REFERER) return res.writeHead(403).end();
    const file = /^\/canal\/([\w.-]+)$/.exec(url.pathname);
    if (!file) return res.writeHead(404).end();
    try {
      const type = file[1]?.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp4';
      res.writeHead(200, { 'content-type': type }).end(readFileSync(path.join(dir, file[1] as string)));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const imported = await request.post('/api/v1/admin/ingest/m3u', {
    headers: { authorization: `Bearer ${await apiToken(DEMO)}`, 'content-type': 'audio/x-mpegurl' },
    data: `#EXTM3U
#EXTINF:-1 tvg-id="e2e.exigente" http-user-agent="${UA}" group-title="Importados",${CHANNEL}
#EXTVLCOPT:http-referrer=${REFERER}
${base}/canal/master.m3u8
`,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const report = (await imported.json()) as { warnings: string[] };
  expect(report.warnings).toContainEqual(expect.stringMatching(/el servidor retransmite el flujo con esas cabeceras/));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(async ({ request }) => {
  await resetSessions(request, await apiToken(BASICO));
});

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test(`a channel whose stream asks for a User-Agent and Referer plays through the relay at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const player = new PlayerPage(page);
    await player.signIn(BASICO);
    const res = await page.request.get('/api/v1/channels', {
      headers: { authorization: `Bearer ${await apiToken(BASICO)}` },
    });
    const channel = ((await res.json()) as { resources: { id: number; name: string }[] }).resources.find(
      (c) => c.name === CHANNEL,
    );
    expect(channel, `${CHANNEL} in the lineup`).toBeDefined();
    const id = channel?.id as number;
    // The browser asks only our origin; the stream's own server is asked by the relay.
    const browserAsked: string[] = [];
    page.on('request', (r) => browserAsked.push(r.url()));
    const before = requests.length;
    await player.goto(emplayer([id, CHANNEL, 'LIVE', 2, id, null, 0]));
    await player.expectPlayingPast(1, 60_000);
    await expect(player.root).toContainText(CHANNEL);
    expect(browserAsked.some((u) => /\/media\/a\/[^/]+\/r\/index\.m3u8\?t=/.test(u))).toBe(true);
    expect(browserAsked.some((u) => /\/media\/a\/[^/]+\/r\/seg\d+\.m4s\?t=/.test(u))).toBe(true);
    expect(browserAsked.filter((u) => u.startsWith(base))).toEqual([]);
    const upstream = requests.slice(before);
    expect(upstream.map((r) => r.path)).toEqual(expect.arrayContaining(['/canal/master.m3u8', '/canal/init.mp4']));
    expect(upstream.every((r) => r.ua === UA && r.referer === REFERER)).toBe(true);
    await player.wakeControls();
    await page.screenshot({ path: `${SHOTS}/relayed-channel-playing-${width}.png` });
  });
}
