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
