import type { Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';
import { cappedInflate, compressionOf } from './inflate';

/** No body of this API nests deeper; a hostile one is refused before JSON.parse sees it. */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON text nests arrays and objects deeper than `max`: one cheap pass, strings skipped. */
export function jsonDepthExceeds(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export const TOO_DEEP = 'El cuerpo de la petición anida demasiados niveles.';
export const INFLATED_TOO_LARGE = 'El cuerpo de la petición, descomprimido, es demasiado grande.';
const UNKNOWN_ENCODING = 'Codificación del cuerpo no admitida: usa gzip, deflate o br.';

/** JSON.parse behind the depth bound, for scopes with their own parser (the licence requests). */
export function parseBoundedJson(text: string): unknown {
  if (jsonDepthExceeds(text)) throw badRequest(TOO_DEEP);
  return JSON.parse(text);
}

/** A request body's inflater: 413 past `maxBytes`, 400 for bytes that are not what they claim. */
export function cappedInflater(encoding: string, maxBytes: number): Transform & { encodedBytes: number } {
  const compression = compressionOf(encoding);
  if (!compression) throw new AppError(415, 'unsupported_media_type', UNKNOWN_ENCODING);
  return cappedInflate(compression, {
    allowed: () => maxBytes,
    tooLarge: () => new AppError(413, 'payload_too_large', INFLATED_TOO_LARGE),
    corrupt: () => badRequest('El cuerpo comprimido de la petición no es válido.'),
  });
}

/** Inflates a whole compressed buffer through cappedInflater (for uploads read as bytes first). */
export async function inflateCapped(data: Buffer, encoding: string, maxBytes: number): Promise<Buffer> {
  const inflater = cappedInflater(encoding, maxBytes);
  const pieces: Buffer[] = [];
  inflater.on('data', (piece: Buffer) => pieces.push(piece));
  await new Promise<void>((resolve, reject) => {
    inflater.once('error', reject);
    inflater.once('end', resolve);
    inflater.end(data);
  });
  return Buffer.concat(pieces);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(request: FastifyRequest): boolean {
  if (!BODY_METHODS.has(request.method)) return false;
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Request bodies as the API takes them: JSON no deeper than MAX_JSON_DEPTH (Fastify's own
 * parser after the check, so prototype poisoning stays refused), and a Content-Encoding body
 * inflated while streaming, capped at the route's body limit.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text)) return done(badRequest(TOO_DEEP), undefined);
    return parseJson(request, text, done);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (!encoding || encoding === 'identity' || !hasBody(request)) return payload;
    const inflater = cappedInflater(
      encoding,
      request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024,
    );
    const stream = (payload as Readable).pipe(inflater);
    (payload as Readable).on('error', (error) => inflater.destroy(error));
    // Fastify compares Content-Length with what was received, which is the encoded size.
    Object.defineProperty(stream, 'receivedEncodedLength', { get: () => inflater.encodedBytes });
    return stream;
  });
}
