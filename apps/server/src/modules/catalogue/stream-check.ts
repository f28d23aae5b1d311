import type { IncomingMessage } from 'node:http';
import type { StreamCheck } from '@pantalla/contracts';
import type { ImageDestinations } from './images/remote-fetch';
import { guardedGet } from '../../platform/guarded-get';

/** A stream of a channel with the headers its list asked for (M3U http-user-agent / http-referrer). */
export interface StreamWithHeaders {
  url: string;
  userAgent: string | null;
  referrer: string | null;
}

/**
 * An imported channel's streams with their headers, main first. An alternate is stored as its
 * URL, or as { url, userAgent, referrer } when its list entry asked for headers.
 */
export function channelStreams(row: {
  streamSource: string;
  streamUrl: string | null;
  streamUserAgent: string | null;
  streamReferrer: string | null;
  alternateStreams: string | null;
}): StreamWithHeaders[] {
  if (row.streamSource !== 'external' || !row.streamUrl) return [];
  const out: StreamWithHeaders[] = [
    { url: row.streamUrl, userAgent: row.streamUserAgent, referrer: row.streamReferrer },
  ];
  let alternates: unknown = [];
  try {
    alternates = JSON.parse(row.alternateStreams ?? '[]');
  } catch {
    // A damaged column lists no alternates.
  }
  for (const a of Array.isArray(alternates) ? (alternates as unknown[]) : []) {
    if (typeof a === 'string') out.push({ url: a, userAgent: null, referrer: null });
    else if (a && typeof a === 'object' && typeof (a as { url?: unknown }).url === 'string') {
      const { url, userAgent, referrer } = a as { url: string; userAgent?: unknown; referrer?: unknown };
      out.push({
        url,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
        referrer: typeof referrer === 'string' ? referrer : null,
      });
    }
  }
  return out;
}

const TIMEOUT_MS = 8000;
const MAX_REDIRECTS = 3;

/** The headers the server sends for a stream: the list's, so a CDN that refuses others answers. */
export function streamHeaders(s: Pick<StreamWithHeaders, 'userAgent' | 'referrer'>): Record<string, string> {
  return {
    ...(s.userAgent ? { 'user-agent': s.userAgent } : {}),
    ...(s.referrer ? { referer: s.referrer } : {}),
  };
}

function get(url: string, headers: Record<string, string>, destinations: ImageDestinations): Promise<IncomingMessage> {
  return guardedGet(url, {
    headers,
    lookup: destinations.lookup,
    timeoutMs: TIMEOUT_MS,
    timedOut: () => new Error(`no ha respondido en ${TIMEOUT_MS / 1000} s`),
  });
}

/**
 * Asks a stream's server for it as a player would, with the list's User-Agent and Referer
 * (also on redirects): the answer's status says whether it would play. Only the headers are
 * read; the body is dropped.
 */
export async function checkStream(stream: StreamWithHeaders, destinations: ImageDestinations): Promise<StreamCheck> {
  const base = { url: stream.url, userAgent: stream.userAgent, referrer: stream.referrer };
  let url = stream.url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const refusal = destinations.refusal(url);
    if (refusal) return { ...base, ok: false, status: null, message: refusal };
    let res: IncomingMessage;
    try {
      res = await get(url, streamHeaders(stream), destinations);
    } catch (error) {
      return { ...base, ok: false, status: null, message: `No responde: ${(error as Error).message}` };
    }
    res.destroy();
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location && URL.canParse(location, url)) {
      url = new URL(location, url).toString();
      continue;
    }
    const ok = status >= 200 && status < 300;
    return { ...base, ok, status, message: ok ? null : `El servidor del flujo ha respondido ${status}.` };
  }
  return { ...base, ok: false, status: null, message: `Más de ${MAX_REDIRECTS} redirecciones.` };
}
