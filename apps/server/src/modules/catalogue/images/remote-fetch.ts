import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { guardedGet, readCapped } from '../../../platform/guarded-get';

/** Where a picture may be fetched from: the same rules as a guide source's (ingest's DestinationPolicy). */
export interface ImageDestinations {
  /** Why this URL may not be fetched as written (scheme, private literal address), or null. */
  refusal(url: string): string | null;
  /** dns.lookup for the socket: fails for names that resolve to private or loopback addresses. */
  lookup: LookupFunction;
}

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** What the remote server answered: the same picture (304), or its bytes and validators. */
export type Fetched =
  { status: 'unchanged' } | { status: 'fetched'; bytes: Buffer; etag: string | null; lastModified: string | null };

/** Why a picture could not be fetched; its message goes to the log, never to the viewer. */
export class RemoteImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteImageError';
  }
}

function request(
  url: string,
  headers: Record<string, string>,
  destinations: ImageDestinations,
  limits: FetchLimits,
): Promise<IncomingMessage> {
  return guardedGet(url, {
    headers,
    lookup: destinations.lookup,
    timeoutMs: limits.timeoutMs,
    timedOut: () => new RemoteImageError(`${url} no ha respondido en ${limits.timeoutMs} ms`),
  }).catch((error: Error) => {
    throw error instanceof RemoteImageError ? error : new RemoteImageError(`${url}: ${error.message}`);
  });
}

/** Reads a body up to maxBytes, within the time limit; a longer or slower one is refused, not cut. */
function readPicture(res: IncomingMessage, url: string, limits: FetchLimits): Promise<Buffer> {
  return readCapped(res, {
    maxBytes: limits.maxBytes,
    timeoutMs: limits.timeoutMs,
    tooLarge: (declared) =>
      new RemoteImageError(
        declared === null
          ? `${url} pesa más de ${limits.maxBytes} bytes`
          : `${url} pesa ${declared} bytes (máximo ${limits.maxBytes})`,
      ),
    late: () => new RemoteImageError(`${url} no ha terminado en ${limits.timeoutMs} ms`),
    failed: (error) => new RemoteImageError(`${url}: ${error.message}`),
  }).catch((error: Error) => {
    throw error instanceof RemoteImageError ? error : new RemoteImageError(`${url}: ${error.message}`);
  });
}

/**
 * GETs a picture with the validators of the copy we hold, following at most maxRedirects
 * redirects, each destination checked again. Bodies are not decompressed: we ask for none.
 */
export async function fetchRemoteImage(
  url: string,
  validators: Validators,
  destinations: ImageDestinations,
  limits: FetchLimits,
): Promise<Fetched> {
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const refusal = destinations.refusal(current);
    if (refusal) throw new RemoteImageError(refusal);
    const res = await request(
      current,
      {
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml;q=0.8',
        'accept-encoding': 'identity',
        'user-agent': 'Pantalla-images/1.0',
        ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
        ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
      },
      destinations,
      limits,
    );
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && status !== 304 && location) {
      res.resume();
      if (redirects >= limits.maxRedirects)
        throw new RemoteImageError(`${url}: más de ${limits.maxRedirects} redirecciones`);
      if (!URL.canParse(location, current)) throw new RemoteImageError(`${url}: redirección a una dirección no válida`);
      current = new URL(location, current).toString();
      continue;
    }
    if (status === 304) {
      res.resume();
      return { status: 'unchanged' };
    }
    if (status !== 200) {
      res.resume();
      throw new RemoteImageError(`${current} ha respondido ${status}`);
    }
    const bytes = await readPicture(res, current, limits);
    return {
      status: 'fetched',
      bytes,
      etag: res.headers.etag ?? null,
      lastModified: res.headers['last-modified'] ?? null,
    };
  }
}
