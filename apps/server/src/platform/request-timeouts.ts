import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { hasUnreadBody } from './access';
import { AppError } from './errors';

/**
 * A body must bring at least this many bytes (or its end) in every window of the body
 * timeout: a sign-in form of a few hundred bytes must arrive whole within the window, while a
 * 256 MB guide upload may stream for as long as it keeps moving (2 KiB/s at a 30 s window).
 */
export const BODY_PROGRESS_BYTES = 64 * 1024;

export const BODY_TIMED_OUT = 'La petición ha tardado demasiado en llegar.';

/**
 * Node's own header timeout, checked every `connectionsCheckingInterval`: Node's default of
 * 30 s between checks is what let slow headers live ~80 s, so the check runs far more often.
 */
export function headerTimeoutOptions(
  headersMs: number,
): Pick<ServerOptions, 'headersTimeout' | 'connectionsCheckingInterval'> {
  return {
    headersTimeout: headersMs,
    connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersMs / 4))),
  };
}

/** Counts a body's bytes on its way to the parser; the window restarts each BODY_PROGRESS_BYTES. */
function watchedBody(payload: Readable, windowMs: number, onTimeout: (stream: Transform) => void): Transform {
  let sinceReset = 0;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => onTimeout(stream), windowMs);
    timer.unref();
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      sinceReset += chunk.length;
      if (sinceReset >= BODY_PROGRESS_BYTES) {
        sinceReset = 0;
        arm();
      }
      done(null, chunk);
    },
  });
  const stop = () => clearTimeout(timer);
  stream.once('end', stop);
  stream.once('close', stop);
  payload.once('error', (error) => stream.destroy(error));
  payload.once('close', stop);
  arm();
  return payload.pipe(stream);
}

/**
 * Slow request bodies: a body that does not bring BODY_PROGRESS_BYTES (or its end) within
 * `bodyMs` is answered 408 and its connection closed. Whatever answers a request whose body
 * was left unread (a 404, a GET with a body) also closes the connection, so nobody holds a
 * socket by trickling a body the server will not read.
 */
export function registerBodyTimeout(app: FastifyInstance, bodyMs: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.raw.readableEnded) return payload;
    return watchedBody(payload as Readable, bodyMs, (stream) => {
      if (reply.sent || request.raw.readableEnded) return;
      reply.header('connection', 'close');
      // Fastify answers the parser's error (destroying the request itself would drop the
      // socket before the 408 is written); the socket goes once the answer is out.
      reply.raw.once('finish', () => request.raw.socket.destroySoon());
      stream.destroy(new AppError(408, 'request_timeout', BODY_TIMED_OUT));
    });
  });
  app.addHook('onSend', async (request, reply) => {
    if (hasUnreadBody(request)) reply.header('connection', 'close');
  });
}
