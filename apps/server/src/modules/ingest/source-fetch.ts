import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { IngestError } from './parsers/errors';

/** What a conditional fetch of a source answered. */
export type FetchAnswer =
  | { status: 304 }
  | { status: number; etag: string | null; lastModified: string | null; body: IncomingMessage };

const MAX_REDIRECTS = 5;
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * GETs a guide or list with the validators of the last answer (If-None-Match,
 * If-Modified-Since), accepting gzip. The body is left unread for the import to stream;
 * Node's own client is used because fetch() would inflate gzip itself, without our cap.
 */
export async function fetchSource(url: string, validators: { etag: string | null; lastModified: string | null }, redirects = 0): Promise<FetchAnswer> {
  const res = await get(url, {
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
    return fetchSource(new URL(location, url).toString(), validators, redirects + 1);
  }
  if (status === 304) {
    res.resume();
    return { status: 304 };
  }
  return { status, etag: res.headers.etag ?? null, lastModified: res.headers['last-modified'] ?? null, body: res };
}

function get(url: string, headers: Record<string, string>): Promise<IncomingMessage> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { headers, timeout: HEADERS_TIMEOUT_MS }, resolve);
    req.on('timeout', () => req.destroy(new IngestError(`${url} no ha respondido en ${HEADERS_TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => reject(error instanceof IngestError ? error : new IngestError(`no se ha podido descargar ${url}: ${error.message}`)));
  });
}
