import type { IncomingMessage } from 'node:http';
import { DestinationRefused, type DestinationPolicy } from './destination';
import { IngestError } from './parsers/errors';
import { guardedGet } from '../../platform/guarded-get';

/** What a conditional fetch of a source answered. */
export type FetchAnswer =
  { status: 304 } | { status: number; etag: string | null; lastModified: string | null; body: IncomingMessage };

const MAX_REDIRECTS = 5;
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * GETs a guide or list with the validators of the last answer (If-None-Match,
 * If-Modified-Since), accepting gzip. The body is left unread for the import to stream;
 * Node's own client is used because fetch() would inflate gzip itself, without our cap.
 * Every URL (the source's and each redirect's) and every address a name resolves to must
 * be one the policy allows.
 */
export async function fetchSource(
  url: string,
  validators: { etag: string | null; lastModified: string | null },
  policy: DestinationPolicy,
  redirects = 0,
): Promise<FetchAnswer> {
  const refusal = policy.refusal(url);
  if (refusal) throw new IngestError(redirects > 0 ? `la fuente redirige a ${url.slice(0, 200)}: ${refusal}` : refusal);
  const res = await get(url, policy, {
    'accept-encoding': 'gzip',
    'user-agent': 'Pantalla-ingest/1.0',
    ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
    ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
  });
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (status >= 300 && status < 400 && status !== 304 && location) {
    res.resume();
    if (redirects >= MAX_REDIRECTS) throw new IngestError(`demasiadas redirecciones desde ${url}`);
    if (!URL.canParse(location, url))
      throw new IngestError(`la fuente redirige a una dirección no válida (${location.slice(0, 200)})`);
    return fetchSource(new URL(location, url).toString(), validators, policy, redirects + 1);
  }
  if (status === 304) {
    res.resume();
    return { status: 304 };
  }
  return { status, etag: res.headers.etag ?? null, lastModified: res.headers['last-modified'] ?? null, body: res };
}

function get(url: string, policy: DestinationPolicy, headers: Record<string, string>): Promise<IncomingMessage> {
  return guardedGet(url, {
    headers,
    lookup: policy.lookup,
    timeoutMs: HEADERS_TIMEOUT_MS,
    timedOut: () => new IngestError(`${url} no ha respondido en ${HEADERS_TIMEOUT_MS / 1000} s`),
  }).catch((error: Error) => {
    if (error instanceof IngestError) throw error;
    if (error instanceof DestinationRefused) throw new IngestError(error.message);
    throw new IngestError(`no se ha podido descargar ${url}: ${error.message}`);
  });
}
