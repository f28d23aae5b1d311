import type { Writable } from 'node:stream';
import { cappedInflate } from '../../platform/inflate';
import { IngestError } from './parsers/errors';

/** A file as pieces: a request body, a fetch body, a file stream, strings in tests. */
export type ByteSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** A file past a size limit: the import stopped there (HTTP 413). */
export class IngestTooLarge extends IngestError {
  constructor(message: string) {
    super(message);
    this.name = 'IngestTooLarge';
  }
}

/** How much a file may weigh, as sent and once inflated. */
export interface SizeLimits {
  /** Bytes as they arrive (compressed or not). */
  maxBytes: number;
  /** Bytes a gzip file may inflate to, at most. */
  maxInflatedBytes: number;
  /**
   * Inflated bytes allowed per compressed byte read so far, above a floor of 64 MB: a real
   * guide compresses about 10:1, a gzip bomb 1000:1 and more.
   */
  maxRatio: number;
}

export const DEFAULT_LIMITS: SizeLimits = {
  maxBytes: 256 * 1024 * 1024,
  maxInflatedBytes: 2 * 1024 * 1024 * 1024,
  maxRatio: 100,
};
/**
 * What the operator's own machine provides (a file given to the ingest command, a source
 * fetched on its schedule): the upload cap is for request bodies, so these may be as large
 * as an import may inflate to (a 10,000-channel week is about 540 MB of XMLTV).
 */
export const OPERATOR_LIMITS: SizeLimits = { ...DEFAULT_LIMITS, maxBytes: DEFAULT_LIMITS.maxInflatedBytes };
const RATIO_FLOOR = 64 * 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

async function* counted(
  source: ByteSource,
  limits: SizeLimits,
  read: { bytes: number },
): AsyncGenerator<Uint8Array | string> {
  try {
    for await (const chunk of source) {
      read.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (read.bytes > limits.maxBytes)
        throw new IngestTooLarge(`El archivo supera ${mb(limits.maxBytes)}; se ha detenido la importación.`);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof IngestError) throw error;
    // The client went away or the source's connection broke: the file never arrived whole.
    throw new IngestError(
      `la transferencia del archivo se ha interrumpido (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/**
 * The file's bytes as they arrive, gunzipped when they start with gzip's magic number,
 * the inflated size capped while inflating (a gzip bomb stops at the cap, never in memory).
 */
export async function* fileBytes(
  source: ByteSource,
  limits: SizeLimits = DEFAULT_LIMITS,
): AsyncGenerator<Uint8Array | string> {
  const read = { bytes: 0 };
  const iterator = counted(source, limits, read)[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = first.value;
  const gzip = typeof head !== 'string' && head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  if (!gzip) {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    return;
  }
  yield* gunzipped(head, iterator, limits, read);
}

async function* gunzipped(
  head: Uint8Array,
  rest: AsyncIterator<Uint8Array | string>,
  limits: SizeLimits,
  read: { bytes: number },
): AsyncGenerator<Uint8Array> {
  const gunzip = cappedInflate('gzip', {
    allowed: () => Math.min(limits.maxInflatedBytes, Math.max(RATIO_FLOOR, read.bytes * limits.maxRatio)),
    tooLarge: (inflated) =>
      new IngestTooLarge(
        inflated > limits.maxInflatedBytes
          ? `El archivo descomprimido supera ${mb(limits.maxInflatedBytes)}; se ha detenido la importación.`
          : `El archivo gzip se descomprime más de ${limits.maxRatio} veces su tamaño (más de ${mb(inflated)}): no parece una guía ni una lista; se ha detenido la importación.`,
      ),
    corrupt: () => new IngestError('el archivo gzip está dañado'),
  });
  const pump = feed(gunzip, head, rest);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) yield chunk;
    await pump;
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError('el archivo gzip está dañado');
  } finally {
    gunzip.destroy();
    pump.catch(() => undefined);
  }
}

/** Writes the compressed pieces into the inflater as it asks for them. */
async function feed(gunzip: Writable, head: Uint8Array, rest: AsyncIterator<Uint8Array | string>): Promise<void> {
  const write = (chunk: Uint8Array | string) =>
    new Promise<void>((resolve) => {
      if (gunzip.write(chunk)) resolve();
      else gunzip.once('drain', resolve);
    });
  try {
    await write(head);
    for (let next = await rest.next(); !next.done; next = await rest.next()) {
      if (gunzip.destroyed) return;
      await write(next.value);
    }
    gunzip.end();
  } catch (error) {
    gunzip.destroy(error as Error);
  }
}
