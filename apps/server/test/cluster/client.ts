/** HTTP helpers of the cluster suite and the cluster bench: plain fetch, only to 127.0.0.1. */

export const DEMO = { username: 'demo@pantalla.test', password: 'demo1234' };
export const BASICO = { username: 'basico@pantalla.test', password: 'basico1234' };

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  json<T = unknown>(): T;
}

/** One request; the body read whole, so a caller sees a cut-off answer as a failure. */
export async function call(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Answer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, json: <T>() => JSON.parse(body) as T };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** The refresh cookie a sign-in or a refresh set. */
export function refreshCookie(answer: Answer): string {
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('pantalla_rt='));
  if (!cookie) throw new Error(`No refresh cookie (${answer.status}: ${answer.body})`);
  return cookie.split(';')[0] ?? '';
}

export interface SignedIn {
  idToken: string;
  cookie: string;
}

export async function signIn(base: string, who: { username: string; password: string }): Promise<SignedIn> {
  const res = await call(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flow: 'password', ...who }),
  });
  if (res.status !== 200) throw new Error(`Sign-in of ${who.username}: ${res.status} ${res.body}`);
  return { idToken: res.json<{ idToken: string }>().idToken, cookie: refreshCookie(res) };
}

export function refresh(base: string, cookie: string): Promise<Answer> {
  return call(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ flow: 'refresh' }),
  });
}

export function openSession(
  base: string,
  token: string,
  type: 'LIVE' | 'VOD',
  id: number,
  fingerprint = 'cluster',
): Promise<Answer> {
  const body = {
    reference: { serviceName: 'cluster', type, id: String(id) },
    streamingProtocol: 'DASH',
    profileId: 0,
    deviceFingerprint: fingerprint,
  };
  return call(`${base}/api/v1/sessions`, { method: 'POST', headers: bearer(token), body: JSON.stringify(body) });
}

export function heartbeat(base: string, token: string, sessionId: string): Promise<Answer> {
  return call(`${base}/api/v1/sessions/${sessionId}/heartbeat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
}

export function resetSessions(base: string, token: string): Promise<Answer> {
  return call(`${base}/api/v1/sessions/reset`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
}

/** The same URL on another host (a signed playback URL names the public address). */
export function rebase(url: string, base: string): string {
  const u = new URL(url);
  return `${base}${u.pathname}${u.search}`;
}

/** Resolves once `check` holds, polling every `everyMs`; throws after `withinMs`. Returns the time it took. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  withinMs: number,
  what: string,
  everyMs = 20,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * The segment URLs of a DASH MPD's first representation of each adaptation set
 * (SegmentTemplate with $Number$), numbers `from`..`to`.
 */
export function segmentUrls(mpd: string, mpdUrl: string, from: number, to: number): string[] {
  const base = /<BaseURL>([^<]+)<\/BaseURL>/.exec(mpd)?.[1] ?? mpdUrl;
  const urls: string[] = [];
  for (const set of mpd.split('<AdaptationSet').slice(1)) {
    const media = /media="([^"]+)"/.exec(set)?.[1];
    const rep = /<Representation[^>]*id="([^"]+)"/.exec(set)?.[1];
    if (!media || !rep) continue;
    for (let n = from; n <= to; n++) {
      const path = media
        .replaceAll('&amp;', '&')
        .replace('$RepresentationID$', rep)
        .replace(/\$Number(%0(\d+)d)?\$/, (_m, _f, width: string | undefined) =>
          String(n).padStart(Number(width ?? 0), '0'),
        );
      urls.push(new URL(path, new URL(base, mpdUrl)).toString());
    }
  }
  return urls;
}
