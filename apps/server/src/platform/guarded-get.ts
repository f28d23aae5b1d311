import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** A GET to a host the operator's lists named (guide sources, pictures, streams). */
export interface GuardedGet {
  headers: Record<string, string>;
  /** The destination guard's dns.lookup: it checks the addresses the socket then connects to, so a public name never rebinds to a private host. */
  lookup: LookupFunction;
  /** Until the answer's head; the error the request ends with when it passes. */
  timeoutMs: number;
  timedOut: () => Error;
}

/** The answer's head (the body still to read), or the request's error; redirects are the caller's to follow. */
export function guardedGet(
  url: string,
  { headers, lookup, timeoutMs, timedOut }: GuardedGet,
): Promise<IncomingMessage> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { headers, timeout: timeoutMs, lookup }, resolve);
    req.on('timeout', () => req.destroy(timedOut()));
    req.on('error', reject);
  });
}

/** How much of an answer's body is read, how long for, and the errors a read past them ends with. */
export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Declared (Content-Length) or counted past maxBytes. */
  tooLarge: (declared: number | null) => Error;
  late: () => Error;
  /** The body broke off or its stream failed; an error of the caller's own passes as it is. */
  failed: (error: Error) => Error;
}

/** Reads a body whole, up to maxBytes and within the time limit: a longer, slower or cut one is refused, never truncated. */
export function readCapped(res: IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    res.destroy();
    return Promise.reject(limits.tooLarge(declared));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => res.destroy(limits.late()), limits.timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) return res.destroy(limits.tooLarge(null));
      chunks.push(chunk);
    });
    res.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    res.on('error', fail);
    res.on('close', () => {
      if (!res.complete) fail(limits.failed(new Error('la respuesta se ha cortado')));
    });
  });
}
