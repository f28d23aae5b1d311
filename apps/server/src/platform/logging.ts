import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/** What stands in for a credential in the log. */
export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a credential: the signed playback URL's token, reset and auth
 * tokens, and a payment's client secret (the 3-D Secure challenge page's address holds it).
 */
const SECRET_PARAMS = [
  'jwt',
  'token',
  'auth',
  'idToken',
  'refreshToken',
  'access_token',
  'client_secret',
  'payment_intent_client_secret',
];
/** Paths whose last part is a credential: the password-reset, email-confirmation and sign-in links the mails send. */
const SECRET_PATHS = [/^(\/resetpassword\/)[^/?#]+/i, /^(\/confirm\/)[^/?#]+/i, /^(\/signin\/)[^/?#]+/i];

/**
 * A URL as the log may keep it: the reset link's token and the credentials of the query
 * string replaced by [redacted]; everything else (path, other parameters) kept for debugging.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let pathPart = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) pathPart = pathPart.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return pathPart;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq === -1 ? pair : pair.slice(0, eq));
      return SECRET_PARAMS.some((p) => p.toLowerCase() === name.toLowerCase())
        ? `${pair.slice(0, eq === -1 ? pair.length : eq)}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The server's logger (Fastify's too), with no credential in any line. */
export type Log = FastifyBaseLogger;

/** The fields of a request the log keeps: no headers, the URL without its credentials. */
interface LoggedRequest {
  method?: unknown;
  url?: unknown;
  ip?: unknown;
}

/**
 * The one logger: a request serializer that logs URLs without their credentials and no
 * headers, and redaction of every other place a credential could reach a line
 * (Authorization and Cookie headers, Set-Cookie, objects with tokens, passwords or PINs).
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Log {
  const options = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.idToken',
        '*.refreshToken',
        '*.pin',
        '*.clientSecret',
        '*.client_secret',
      ],
      censor: REDACTED,
    },
    serializers: {
      // Anything logged as `req` (Fastify's requests, or an object by mistake) keeps these three only.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
        remoteAddress: request.ip,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
