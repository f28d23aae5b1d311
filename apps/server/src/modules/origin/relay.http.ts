/**
 * The relay of external streams that ask for headers (issue 31): a browser cannot send a
 * User-Agent or an arbitrary Referer, so streams whose list entry names them are fetched by
 * the server with those headers and passed to the player. Playlists are read (capped) and
 * their URIs rewritten to relay URLs; every other answer streams through as it arrives.
 * Destinations go through the guide sources' guard, at connect time and on every redirect.
 */
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { AppError, forbidden } from '../../platform/errors';
import { guardedGet, readCapped } from '../../platform/guarded-get';
import { isPlaylist, rewritePlaylist, type RelayUri } from './hls-rewrite';
import { MAX_RELAYED_URL, type RelayTarget } from './relay-url';

/** Where a relayed stream may be fetched from: ingest's DestinationPolicy (INGEST_ALLOWED_HOSTS). */
export interface RelayDestinations {
  /** Why this URL may not be fetched as written (scheme, private literal address), or null. */
  refusal(url: string): string | null;
  /** dns.lookup for the socket: fails for names that resolve to private or loopback addresses. */
  lookup: LookupFunction;
}

/** The headers a relayed stream's list entry asked for. */
export interface RelayedStream {
  url: string;
  userAgent: string | null;
  referrer: string | null;
}

export interface RelayLimits {
  /** A playlist is read whole to be rewritten: at most this many bytes. */
  playlistBytes: number;
  /** One segment, key or init map (or a direct stream's answer): at most this many bytes. */
  mediaBytes: number;
  /** Until upstream answers with its headers. */
  answerMs: number;
  /** The whole of one relayed answer, body included. */
  totalMs: number;
  maxRedirects: number;
}

export const RELAY_LIMITS: RelayLimits = {
  playlistBytes: 2 * 1024 * 1024,
  mediaBytes: 64 * 1024 * 1024,
  answerMs: 10_000,
  totalMs: 120_000,
  maxRedirects: 3,
};

/** A relay failure the player sees: upstream refused or failed (502), or a destination the guard refuses (403). */
const badGateway = (message: string) => new AppError(502, 'upstream_failed', message);

/** What upstream answered, after redirects: its response and the URL it came from (relative URIs resolve against it). */
interface Upstream {
  res: IncomingMessage;
  url: string;
}

function request(
  url: string,
  headers: Record<string, string>,
  destinations: RelayDestinations,
  limits: RelayLimits,
): Promise<IncomingMessage> {
  return guardedGet(url, {
    headers,
    lookup: destinations.lookup,
    timeoutMs: limits.answerMs,
    timedOut: () => badGateway(`El servidor del flujo no ha respondido en ${limits.answerMs / 1000} s.`),
  });
}

/** Fetches a target with the stream's headers (and the player's Range), following redirects under the guard. */
async function fetchUpstream(
  target: RelayTarget,
  stream: RelayedStream,
  range: string | undefined,
  destinations: RelayDestinations,
  limits: RelayLimits,
): Promise<Upstream> {
  const headers: Record<string, string> = {
    ...(stream.userAgent ? { 'user-agent': stream.userAgent } : {}),
    ...(stream.referrer ? { referer: stream.referrer } : {}),
    accept: '*/*',
    ...(range && /^bytes=[\d,\s-]{1,200}$/.test(range) ? { range } : {}),
  };
  let url = target.url;
  for (let hop = 0; hop <= limits.maxRedirects; hop++) {
    const refusal = destinations.refusal(url);
    if (refusal) throw forbidden(`El flujo no se retransmite: ${refusal}`);
    let res: IncomingMessage;
    try {
      res = await request(url, headers, destinations, limits);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const e = error as NodeJS.ErrnoException;
      if (e.code === 'EDESTINATIONREFUSED') throw forbidden(`El flujo no se retransmite: ${e.message}`);
      throw badGateway(`El servidor del flujo no responde (${e.code ?? e.message}).`);
    }
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.destroy();
      if (!URL.canParse(location, url)) throw badGateway('El servidor del flujo redirige a una dirección no válida.');
      url = new URL(location, url).toString();
      if (url.length > MAX_RELAYED_URL)
        throw badGateway('El servidor del flujo redirige a una dirección demasiado larga.');
      continue;
    }
    return { res, url };
  }
  throw badGateway(`El servidor del flujo redirige más de ${limits.maxRedirects} veces.`);
}

/** Reads a playlist whole, up to the cap and within the time limit. */
function readPlaylist(res: IncomingMessage, limits: RelayLimits): Promise<Buffer> {
  const tooLarge = () => badGateway(`La lista del flujo pesa más de ${limits.playlistBytes} bytes.`);
  return readCapped(res, {
    maxBytes: limits.playlistBytes,
    timeoutMs: limits.totalMs,
    tooLarge,
    late: () => badGateway(`La lista del flujo no ha llegado en ${limits.totalMs / 1000} s.`),
    failed: (error) => badGateway(`La lista del flujo se ha cortado (${error.message}).`),
  }).catch((error: Error) => {
    throw error instanceof AppError ? error : badGateway(`La lista del flujo se ha cortado (${error.message}).`);
  });
}

/** Passes bytes on while they stay under the cap and the time limit; past either, the answer is cut (its length no longer matches). */
function capped(res: IncomingMessage, limits: RelayLimits): Transform {
  let size = 0;
  const timer = setTimeout(() => {
    res.destroy();
    out.destroy();
  }, limits.totalMs);
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limits.mediaBytes) {
        res.destroy();
        return done(new Error('relayed answer over its cap'));
      }
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
  });
  out.on('close', () => {
    clearTimeout(timer);
    res.destroy();
  });
  res.on('error', (error) => out.destroy(error));
  return res.pipe(out);
}

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/**
 * The types a player reads. Anything else a stream's server says (text/html, an SVG) goes as
 * bytes: the relay answers from our origin, and must never serve another server's page as one of ours.
 */
const MEDIA_TYPE =
  /^(video|audio)\/[\w.+-]+|^application\/(vnd\.apple\.mpegurl|x-mpegurl|dash\+xml|mp4|mp2t|octet-stream)\b|^text\/vtt\b|^image\/(jpeg|png|webp)\b/i;
const relayedType = (type: string): string => (MEDIA_TYPE.test(type) ? type : 'application/octet-stream');

/** What the relay route needs to answer one request. */
export interface RelayRequest {
  target: RelayTarget;
  stream: RelayedStream;
  range: string | undefined;
  /** The relay URL of a URI a playlist names, under the same session and stream. */
  relayUri: RelayUri;
}

/** Answers one relay request: a rewritten playlist, or upstream's bytes streamed through. */
export async function relay(
  reply: FastifyReply,
  r: RelayRequest,
  destinations: RelayDestinations,
  limits: RelayLimits = RELAY_LIMITS,
): Promise<FastifyReply> {
  const { res, url } = await fetchUpstream(r.target, r.stream, r.range, destinations, limits);
  const status = res.statusCode ?? 0;
  reply.header('cache-control', 'private, no-store');
  if (status === 416) {
    res.destroy();
    const range = res.headers['content-range'];
    return reply
      .status(416)
      .header('content-range', typeof range === 'string' ? range : 'bytes */*')
      .send();
  }
  if (status < 200 || status >= 300) {
    res.destroy();
    throw badGateway(`El servidor del flujo ha respondido ${status}.`);
  }
  const type = String(res.headers['content-type'] ?? '');
  const declaredPlaylist = /mpegurl/i.test(type);
  if (r.target.kind === 'playlist' || declaredPlaylist) {
    const body = await readPlaylist(res, limits);
    const text = body.toString('utf8');
    if (isPlaylist(text)) return reply.type(PLAYLIST_TYPE).send(rewritePlaylist(text, url, r.relayUri));
    // Not HLS (a DASH manifest, a direct stream's first bytes): sent as it came, its URIs untouched.
    return reply.type(relayedType(type)).send(body);
  }
  for (const name of ['content-length', 'content-range', 'accept-ranges'] as const) {
    const value = res.headers[name];
    if (typeof value === 'string') reply.header(name, value);
  }
  return reply.status(status).type(relayedType(type)).send(capped(res, limits));
}
