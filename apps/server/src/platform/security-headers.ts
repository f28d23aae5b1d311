import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

/** Origins of a list of URL templates ({placeholders} allowed in the path), without duplicates. */
function originsOf(urls: readonly (string | undefined)[], own: string): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const origin = new URL(url.replace(/\{[^}]*\}/g, 'x')).origin;
      if (origin !== own && origin !== 'null') origins.add(origin);
    } catch {
      // A template that is not an absolute URL is on this origin.
    }
  }
  return [...origins];
}

/**
 * The Content-Security-Policy: no inline or foreign script; Shaka's manifests, segments and
 * licence requests (this origin, the media CDN, the Widevine and FairPlay servers) as
 * connect-src, with the speed-test servers of diag.json and imported lists' external streams; MSE's blob: as media-src; images from here, data:, blob: and https (channel
 * logos of an imported list live on their broadcasters' sites); never framed.
 */
export function contentSecurityPolicy(config: Config): string {
  const own = new URL(config.publicUrl).origin;
  const media = originsOf(
    [
      config.media.baseUrl,
      config.media.widevineTemplate,
      config.media.fairplayTemplate,
      config.media.fairplayCertificateUrl,
      ...config.media.corsOrigins,
    ],
    own,
  );
  // The connection diagnostics download media_0.ts from each server of diag.json (DIAG_SERVERS).
  const diag = originsOf(
    (config.media.diagServers ?? []).map((server) => server.baseUrl),
    own,
  ).filter((origin) => !media.includes(origin));
  // Imported channel lists play their streams from whatever hosts they name, thousands in a
  // public list: too many to enumerate, so any host over the page's own scheme (an https
  // page cannot fetch http anyway). Scripts stay this origin's only (docs/decisions.md).
  const externalStreams = new URL(config.publicUrl).protocol === 'http:' ? ['https:', 'http:'] : ['https:'];
  const connect = ["'self'", ...media, ...diag, ...externalStreams].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${connect}`,
    `media-src 'self' blob: ${media.join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** HSTS for a year: sent in production (TLS ends at the proxy) and on any request that came over https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The CSP string as @fastify/helmet's directives (`{ 'script-src': ["'self'"], ... }`). */
function directivesOf(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values];
    }),
  );
}

/**
 * Browser hardening on every answer, by @fastify/helmet: CSP, no MIME sniffing, no referrer
 * (playback URLs carry a signature in their query), no framing by any site, and helmet's
 * other defaults. Cross-Origin-Resource-Policy stays unset: cross-origin players load the
 * media. HSTS is ours: helmet cannot send it only behind TLS. A route may set its own CSP or
 * framing (the development outbox, the payment pages); its headers win over these.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: directivesOf(contentSecurityPolicy(config)) },
    crossOriginResourcePolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  const production = config.env === 'production';
  app.addHook('onRequest', async (request, reply) => {
    if (production || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP of a payment provider's page the checkout frames (the sandbox's card field and
 * challenge, Stripe.js's card page): its own inline script and style allowed by their hashes,
 * framed only by this origin.
 */
export function framedPagePolicy(
  html: string,
  extra: { script?: string[]; connect?: string[]; frame?: string[] } = {},
): string {
  const inline = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => sha256(m[1] ?? ''));
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline('script'), ...(extra.script ?? [])].join(' '),
    ["style-src 'self'", ...inline('style')].join(' '),
    ["connect-src 'self'", ...(extra.connect ?? [])].join(' '),
    ["frame-src 'self'", ...(extra.frame ?? [])].join(' '),
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
