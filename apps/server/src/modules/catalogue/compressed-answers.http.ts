import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type AnswerEncoding = 'br' | 'gzip';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** From this size on, the fastest settings: their bytes grow by about a seventh, their cost drops tenfold. */
export const LARGE_ANSWER_BYTES = 256 * 1024;
/** From this size on (a guide window of thousands of channels), brotli's quickest: a third of quality 1's time for a tenth more bytes. */
const HUGE_ANSWER_BYTES = 2 * 1024 * 1024;
/** zlib's output pieces: one per round trip to its thread, 16 KB by default (a hundred trips for a large answer). */
const CHUNK_BYTES = 256 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// A window of programmes at 10,000 channels is 9 MB of JSON: brotli 4 took 600 ms of a core
// for each (a new window every request), quality 1 takes 50 ms for 13 % more bytes. zlib runs
// them off the event loop; small answers keep the tighter settings.
/**
 * A compressed answer in memory of its own size: zlib hands back a small output as a slice of
 * its 256 KB output piece, so a cached 2 KB guide day kept 256 KB alive, and the day cache's
 * few hundred days held about 90 MB during an import under viewers (issue 31, item 9).
 */
export function ownBytes(out: Buffer): Buffer {
  return out.buffer.byteLength > Math.max(2 * out.length, Buffer.poolSize) ? Buffer.from(out) : out;
}

const ENCODERS: Record<AnswerEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      chunkSize: CHUNK_BYTES,
      params: {
        [constants.BROTLI_PARAM_QUALITY]:
          body.length >= HUGE_ANSWER_BYTES ? 0 : body.length >= LARGE_ANSWER_BYTES ? 1 : 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { chunkSize: CHUNK_BYTES, level: body.length >= LARGE_ANSWER_BYTES ? 1 : 5 }),
};

/** The encoding to answer with, from an Accept-Encoding header: brotli, then gzip, else none. */
export function chooseEncoding(accept: string | undefined): AnswerEncoding | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: AnswerEncoding) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * Compressed forms of encoded answers, held beside the answer itself: an answer shared
 * through a response cache is compressed once per encoding and its compressed bytes go
 * when it goes (a weak map keyed by the answer's buffer).
 */
export class CompressedAnswers {
  private readonly held = new WeakMap<Buffer, Partial<Record<AnswerEncoding, Promise<Buffer>>>>();

  compressed(body: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
    let forms = this.held.get(body);
    if (!forms) {
      forms = {};
      this.held.set(body, forms);
    }
    let form = forms[encoding];
    if (!form) {
      form = ENCODERS[encoding](body).then(ownBytes);
      forms[encoding] = form;
      const kept = forms;
      // A failed compression is not remembered: the next ask tries again.
      form.catch(() => delete kept[encoding]);
    }
    return form;
  }

  /** Sends a JSON answer, compressed when the client takes it and it is worth it. */
  async send(request: FastifyRequest, reply: FastifyReply, body: Buffer, cache: string): Promise<FastifyReply> {
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', cache)
      .header('vary', 'accept-encoding');
    const encoding = body.length >= COMPRESS_MIN_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(body);
    return reply.header('content-encoding', encoding).send(await this.compressed(body, encoding));
  }
}
