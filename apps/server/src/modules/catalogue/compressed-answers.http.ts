import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type AnswerEncoding = 'br' | 'gzip';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Fast settings: a window of programmes at 10,000 channels is megabytes of JSON, and these
// shrink it about tenfold; zlib runs them off the event loop.
const ENCODERS: Record<AnswerEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipAsync(body, { level: 5 }),
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
      form = ENCODERS[encoding](body);
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
