/** HTTP details of the origin: byte ranges, cache headers, CORS. */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Segments, sheets and init segments never change for a URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Live and restart MPDs: a player refreshes them; a CDN may coalesce within a second. */
export const LIVE_MANIFEST = 'private, max-age=1';
/** Static MPDs (catch-up, films): stable, but signed per user. */
export const STATIC_MANIFEST = 'private, max-age=60';

/** A satisfiable byte range, inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a Range header against a length: undefined = send it all (no header, or a form we
 * do not serve partially, such as several ranges); 'unsatisfiable' = answer 416.
 */
export function parseRange(header: string | undefined, length: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match as unknown as [string, string, string];
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(from);
  const end = to === '' ? length - 1 : Math.min(Number(to), length - 1);
  if (start >= length || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Sends bytes honouring Range, with the given content type and cache policy. */
export function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: Uint8Array,
  contentType: string,
  cache: string,
  etag?: string,
): FastifyReply {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  reply.header('content-type', contentType).header('cache-control', cache).header('accept-ranges', 'bytes');
  if (etag) {
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  }
  const range = parseRange(request.headers.range, body.length);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${body.length}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
      .send(body.subarray(range.start, range.end + 1));
  }
  return reply.send(body);
}

/** Reflects an allowed Origin (the app's, plus configured ones) for cross-origin players. */
export function applyCors(request: FastifyRequest, reply: FastifyReply, allowed: ReadonlySet<string>): void {
  const origin = request.headers.origin;
  reply.header('vary', 'Origin');
  if (!origin || !allowed.has(origin)) return;
  reply
    .header('access-control-allow-origin', origin)
    .header('access-control-expose-headers', 'Content-Length, Content-Range, Accept-Ranges, ETag, Date')
    .header('timing-allow-origin', origin);
}
