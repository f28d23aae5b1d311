import { Transform, type TransformCallback } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from 'node:zlib';

/** The compressions both request bodies and guide files come in. */
export type Compression = 'gzip' | 'deflate' | 'br';

/** What a capped inflate may produce and what it fails with: the caller's own errors, so each speaks its language. */
export interface InflateCap {
  /** Inflated bytes allowed now, given the compressed bytes written so far (a fixed cap ignores them). */
  allowed(encodedBytes: number): number;
  /** The error once the inflated bytes pass `allowed`. */
  tooLarge(inflatedBytes: number): Error;
  /** The error for bytes that are not valid in the compression. */
  corrupt(): Error;
}

/** The compression a Content-Encoding names, or null (identity, compress, anything unknown). */
export function compressionOf(encoding: string): Compression | null {
  if (encoding === 'gzip' || encoding === 'x-gzip') return 'gzip';
  if (encoding === 'deflate' || encoding === 'br') return encoding;
  return null;
}

/**
 * zlib's output pieces: 16 KB by default, a callback and a round trip to its thread each
 * (55 s of them in a 10,000-channel week's import, which inflates to 540 MB).
 */
const INFLATE_CHUNK_BYTES = 128 * 1024;

function inflaterFor(compression: Compression): Gunzip {
  const chunkSize = INFLATE_CHUNK_BYTES;
  if (compression === 'gzip') return createGunzip({ chunkSize });
  if (compression === 'deflate') return createInflate({ chunkSize });
  return createBrotliDecompress({ chunkSize }) as unknown as Gunzip;
}

/**
 * The one capped inflate of the server (request bodies, uploaded and fetched guide files): a
 * stream that inflates and fails with `cap.tooLarge` once the inflated bytes pass the cap,
 * destroying the inflater at once, so a 300 KB bomb costs the cap, never 300 MB of memory.
 * `encodedBytes` counts what came in (Fastify compares it with Content-Length).
 */
export function cappedInflate(compression: Compression, cap: InflateCap): Transform & { encodedBytes: number } {
  const inflate = inflaterFor(compression);
  let out = 0;
  const wrapper = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      wrapper.encodedBytes += chunk.length;
      if (!inflate.write(chunk)) inflate.once('drain', () => done());
      else done();
    },
    flush(done: TransformCallback) {
      inflate.once('end', () => done());
      inflate.end();
    },
  }) as Transform & { encodedBytes: number };
  wrapper.encodedBytes = 0;
  // Whoever reads hears the error; unread (a refused request), it must not crash the process.
  wrapper.on('error', () => undefined);
  inflate.on('data', (piece: Buffer) => {
    out += piece.length;
    if (out > cap.allowed(wrapper.encodedBytes)) {
      inflate.destroy();
      wrapper.destroy(cap.tooLarge(out));
      return;
    }
    wrapper.push(piece);
  });
  inflate.on('error', () => wrapper.destroy(cap.corrupt()));
  return wrapper;
}
