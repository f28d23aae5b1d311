import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { OpenSessionResponse } from '@pantalla/contracts';
import { BASICO, DEMO } from '../fixtures/accounts';
import { apiToken } from '../fixtures/api';

/*
 * The playback services in real Chromium: Shaka Player on a bare page (no app UI) plays our
 * origin's manifests through our ClearKey licence server.
 */

const require = createRequire(import.meta.url);
const SHAKA = require.resolve('shaka-player/dist/shaka-player.compiled.js');

/** Seconds of a demo clip: live channels loop on these boundaries. */
const LOOP_SECONDS = 60;

/** The time shift a restart MPD advertises: 120 minutes less the origin's 5-minute margin. */
const RESTART_WINDOW_SECONDS = 115 * 60;

interface PlayerState {
  currentTime: number;
  readyState: number;
  paused: boolean;
  duration: number;
  seekStart: number;
  seekEnd: number;
  errors: { code: number; data: unknown }[];
}

/** The page-side harness, kept in plain JS: it runs in the browser as is. */
const HARNESS = `
window.pb = {
  errors: [],
  player: null,
  async play(url, licenseUrl, token, startTime) {
    shaka.polyfill.installAll();
    const video = document.getElementById('v');
    const player = new shaka.Player();
    await player.attach(video);
    window.pb.player = player;
    player.addEventListener('error', (e) => window.pb.errors.push({ code: e.detail.code, data: e.detail.data }));
    // Without a licence URL Shaka takes the one the MPD names (dashif:Laurl).
    if (licenseUrl) player.configure({ drm: { servers: { 'org.w3.clearkey': licenseUrl } } });
    player.configure({
      manifest: { dash: { initialSegmentLimit: 3600 } },
      streaming: { bufferingGoal: 6, rebufferingGoal: 1 },
    });
    player.getNetworkingEngine().registerRequestFilter((type, request) => {
      if (token && type === shaka.net.NetworkingEngine.RequestType.LICENSE) request.headers['Authorization'] = 'Bearer ' + token;
    });
    try {
      await player.load(url, startTime);
      video.play().catch(() => {});
      return null;
    } catch (e) {
      return { code: e.code, data: e.data };
    }
  },
  state() {
    const video = document.getElementById('v');
    const range = window.pb.player ? window.pb.player.seekRange() : { start: 0, end: 0 };
    return { currentTime: video.currentTime, readyState: video.readyState, paused: video.paused, duration: video.duration,
      seekStart: range.start, seekEnd: range.end, errors: window.pb.errors };
  },
  seek(t) { document.getElementById('v').currentTime = t; },
};
`;

interface Harness {
  pb: {
    play(
      url: string,
      licenseUrl: string,
      token: string,
      startTime?: number,
    ): Promise<{ code: number; data: unknown } | null>;
    state(): PlayerState;
    seek(t: number): void;
  };
}

async function openPlayerPage(page: Page): Promise<void> {
  // A page of our own origin, so manifests, segments and licences are same-origin requests.
  await page.goto('/healthz');
  await page.setContent(
    '<!doctype html><html lang="es"><body style="margin:0;background:#000"><video id="v" muted style="width:640px;height:360px"></video></body></html>',
  );
  await page.addScriptTag({ path: SHAKA });
  await page.addScriptTag({ content: HARNESS });
}

const play = (page: Page, s: OpenSessionResponse, token: string, startTime?: number) =>
  page.evaluate(([url, licence, t, start]) => (window as unknown as Harness).pb.play(url, licence, t, start), [
    s.playInfo.url,
    s.drm?.licenseUrl ?? '',
    token,
    startTime,
  ] as const);
const state = (page: Page) => page.evaluate(() => (window as unknown as Harness).pb.state());
const seek = (page: Page, t: number) => page.evaluate((to) => (window as unknown as Harness).pb.seek(to), t);

/** Waits until playback has reached `target` (and keeps playing), failing on any player error. */
async function expectPlayingPast(page: Page, target: number, timeout = 30_000): Promise<PlayerState> {
  let last: PlayerState | undefined;
  await expect
    .poll(
      async () => {
        last = await state(page);
        if (last.errors.length > 0) return `error ${JSON.stringify(last.errors)}`;
        return last.currentTime > target && last.readyState >= 3 && !last.paused
          ? 'playing'
          : `at ${last.currentTime.toFixed(1)}`;
      },
      { timeout, intervals: [250] },
    )
    .toBe('playing');
  return last as PlayerState;
}

async function openSession(
  request: APIRequestContext,
  token: string,
  type: 'LIVE' | 'CUTV' | 'VOD' | 'SERIE',
  id: number,
) {
  return request.post('/api/v1/sessions', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      reference: { serviceName: 'e2e', type, id: String(id) },
      streamingProtocol: 'DASH',
      profileId: 0,
      deviceFingerprint: 'playwright-chromium',
    },
  });
}

/**
 * Opens a session. demo@ is shared with the player spec, which may hold both of its slots
 * for a moment: a 409/115 is waited out rather than reset from here.
 */
async function open(
  request: APIRequestContext,
  token: string,
  type: 'LIVE' | 'CUTV' | 'VOD' | 'SERIE',
  id: number,
): Promise<OpenSessionResponse> {
  for (let attempt = 0; ; attempt++) {
    const response = await openSession(request, token, type, id);
    if (response.status() === 201) return (await response.json()) as OpenSessionResponse;
    const body = await response.text();
    const busy = response.status() === 409 && (JSON.parse(body) as { data?: unknown }).data === 115;
    if (!busy || attempt >= 30) throw new Error(`session refused: ${response.status()} ${body}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The programme on air now on a channel, as the guide has it. */
async function currentProgramme(
  request: APIRequestContext,
  token: string,
  channelId: number,
): Promise<{ id: number; startTime: number }> {
  const now = Date.now();
  const response = await request.get(`/api/v1/events?startTime=${now}&endTime=${now + 1000}&channelId=${channelId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const events = ((await response.json()) as { resources: { id: number; startTime: number; endTime: number }[] })
    .resources;
  const onAir = events.find((e) => e.startTime <= now && now < e.endTime);
  if (!onAir) throw new Error(`no programme on air on channel ${channelId}`);
  return onAir;
}

interface FilmLite {
  id: number;
  runtime: number;
  parental: number;
  access: { packageId: number; owned: boolean };
}

async function premiumFilm(request: APIRequestContext, token: string): Promise<FilmLite> {
  const response = await request.get('/api/v1/contents?limit=200', { headers: { authorization: `Bearer ${token}` } });
  const films = ((await response.json()) as { resources: FilmLite[] }).resources;
  const film = films.find((f) => f.access.packageId !== 1 && f.parental !== 7 && f.runtime > 0);
  expect(film, 'a premium film').toBeDefined();
  return film as FilmLite;
}

test.describe('playback services in Chromium with Shaka and ClearKey', () => {
  // Live, restart and catch-up play as basico@ (channel 1 is in the basic package); its two
  // slots are freed before each test, so the config runs this file and the player spec one
  // at a time (project 'playback'). Films need demo@.
  test.describe.configure({ mode: 'serial' });
  // The bare page runs this spec's own inline harness, which the app's CSP forbids; the app
  // under its CSP is csp.spec.ts's.
  test.use({ bypassCSP: true });
  let demo: string;
  let basico: string;
  const ids = { channel: 1 };

  test.beforeEach(async ({ request }) => {
    demo = await apiToken(DEMO);
    basico = await apiToken(BASICO);
    const reset = await request.post('/api/v1/sessions/reset', { headers: { authorization: `Bearer ${basico}` } });
    expect(reset.status()).toBe(204);
  });

  test('live channel plays, crosses a loop boundary and seeks 90 minutes back', async ({ page, request }) => {
    test.setTimeout(120_000);
    const session = await open(request, basico, 'LIVE', ids.channel);
    expect(session.drm?.keySystem).toBe('org.w3.clearkey');
    expect(session.restartUrl).toContain('/media/restart/');
    await openPlayerPage(page);
    expect(await play(page, session, basico)).toBeNull();
    const started = await expectPlayingPast(page, 0);
    expect(started.seekEnd - started.seekStart, 'about 115 minutes of time shift').toBeGreaterThan(110 * 60);
    await expectPlayingPast(page, started.currentTime + 2);

    // Loop boundaries are whole minutes of the timeline: seek just before one and play across it.
    const boundary = Math.floor((started.seekEnd - 10) / LOOP_SECONDS) * LOOP_SECONDS;
    await seek(page, boundary - 4);
    await expectPlayingPast(page, boundary + 3);
    await page.screenshot({ path: '/tmp/shots/playback/live-after-loop.png' });

    const back = (await state(page)).seekEnd - 90 * 60;
    await seek(page, back);
    const afterSeek = await expectPlayingPast(page, back + 2);
    expect(afterSeek.currentTime).toBeLessThan(back + 60);
    await page.screenshot({ path: '/tmp/shots/playback/live-90-min-back.png' });
  });

  test('restart plays the current programme from its start', async ({ page, request }) => {
    const session = await open(request, basico, 'LIVE', ids.channel);
    expect(session.restartUrl).not.toBeNull();
    const onAir = await currentProgramme(request, basico, ids.channel);
    await openPlayerPage(page);
    expect(
      await play(page, { ...session, playInfo: { ...session.playInfo, url: session.restartUrl! } }, basico, 0),
    ).toBeNull();
    const playing = await expectPlayingPast(page, 1);
    // Presentation time 0 is the programme start; the window runs from there to the live edge, or
    // from 115 minutes back for a programme on air longer (a 2-hour film near its end).
    const shown = (Date.now() - onAir.startTime) / 1000;
    const windowStart = Math.max(0, shown - RESTART_WINDOW_SECONDS);
    expect(playing.seekStart).toBeGreaterThanOrEqual(windowStart - 30);
    expect(playing.seekStart).toBeLessThan(windowStart + 1);
    expect(playing.currentTime).toBeLessThan(windowStart + 10);
    expect(playing.seekEnd).toBeGreaterThan(playing.currentTime);
  });

  test('a catch-up programme starts at its start', async ({ page, request }) => {
    const now = Date.now();
    const events = await request.get(
      `/api/v1/events?startTime=${now - 12 * 3600_000}&endTime=${now}&channelId=${ids.channel}`,
      { headers: { authorization: `Bearer ${basico}` } },
    );
    const ended = (
      (await events.json()) as { resources: { id: number; startTime: number; endTime: number }[] }
    ).resources.filter((e) => e.endTime < now - 60_000);
    const programme = ended[ended.length - 1];
    expect(programme, 'an ended programme on channel 1').toBeDefined();
    const session = await open(request, basico, 'CUTV', programme!.id);
    await openPlayerPage(page);
    expect(await play(page, session, basico, session.playInfo.positionInMs / 1000)).toBeNull();
    const playing = await expectPlayingPast(page, 1);
    expect(playing.seekStart).toBeLessThan(0.5);
    expect(playing.currentTime).toBeLessThan(10);
    expect(playing.duration).toBeCloseTo((programme!.endTime - programme!.startTime) / 1000, 0);
    await page.screenshot({ path: '/tmp/shots/playback/catchup-start.png' });
  });

  test('a film plays at its catalogue length', async ({ page, request }) => {
    const film = await premiumFilm(request, demo);
    const session = await open(request, demo, 'VOD', film.id);
    await openPlayerPage(page);
    expect(await play(page, session, demo, 0)).toBeNull();
    const playing = await expectPlayingPast(page, 2);
    expect(playing.duration).toBeCloseTo(film.runtime, 0);
    await page.screenshot({ path: '/tmp/shots/playback/film.png' });
    // Give the slot back at once: demo@ is shared with the player spec.
    await request.delete(`/api/v1/sessions/${session.id}`, { headers: { authorization: `Bearer ${demo}` } });
  });

  test('a trailer plays from its catalogue link, with the licence the MPD names', async ({ page, request }) => {
    const trailer = await request.get('/api/v1/contents?limit=200', { headers: { authorization: `Bearer ${demo}` } });
    const withTrailer = ((await trailer.json()) as { resources: { id: number; hasTrailer: boolean }[] }).resources.find(
      (f) => f.hasTrailer,
    );
    expect(withTrailer, 'a film with a trailer').toBeDefined();
    const link = (
      (await (
        await request.get(`/api/v1/contents/${withTrailer!.id}/trailer`, {
          headers: { authorization: `Bearer ${demo}` },
        })
      ).json()) as { link: string }
    ).link;
    await openPlayerPage(page);
    const loaded = await page.evaluate(
      (url) => (window as unknown as Harness).pb.play(url, '', '', 0),
      new URL(link, page.url()).toString(),
    );
    expect(loaded).toBeNull();
    const playing = await expectPlayingPast(page, 2);
    expect(playing.duration).toBeCloseTo(20, 0);
    await page.screenshot({ path: '/tmp/shots/playback/trailer.png' });
  });

  test('basico@ is refused the licence of content it does not own', async ({ page, request }) => {
    const film = await premiumFilm(request, demo);
    const refused = await openSession(request, basico, 'VOD', film.id);
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { data: unknown }).data).toBe(401);

    // Even with a manifest and licence URL obtained by someone who owns it, the licence is refused.
    const session = await open(request, demo, 'VOD', film.id);
    await openPlayerPage(page);
    const licence = page.waitForResponse((r) => r.url() === session.drm?.licenseUrl);
    const failure = await play(page, session, basico, 0);
    const answer = await licence;
    expect(answer.status()).toBe(401);
    expect(((await answer.json()) as { data: unknown }).data).toBe(401);
    await expect.poll(async () => failure?.code ?? (await state(page)).errors[0]?.code).toBe(6007);
    await request.delete(`/api/v1/sessions/${session.id}`, { headers: { authorization: `Bearer ${demo}` } });
  });
});
