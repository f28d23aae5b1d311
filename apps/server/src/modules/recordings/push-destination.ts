import { isIP, type LookupFunction } from 'node:net';

/*
 * Where a reminder may be pushed (OWASP ASVS 5.2.6 / 12.6). The endpoint is the subscriber's, so
 * it could name this machine or its network (127.0.0.1, the cloud's 169.254.169.254, 10.x): in
 * production those are refused when subscribing and again at every send, as the name resolves
 * for the connection, so an answer that changes after the subscription (DNS rebinding) cannot pass.
 */

/** The private-address guard of guide sources (ingest's DestinationPolicy), as push uses it. */
export interface PushDestinations {
  /** Why this URL may not be reached as written (a private literal address), or null. */
  refusal(url: string): string | null;
  /** dns.lookup for the socket: fails for names that resolve to a private or loopback address. */
  lookup: LookupFunction;
}

/** Hosts a push may go to whatever they resolve to: outside production, a push service on this machine. */
export function pushAllowedHosts(env: string): string[] {
  return env === 'production' ? [] : ['127.0.0.1', 'localhost', '::1'];
}

export const INTERNAL_ENDPOINT =
  'El servicio de notificaciones está en una dirección privada, de loopback o de enlace local; no se le envían avisos.';

/**
 * Why a device may not subscribe with this endpoint, or null: its host is an internal address as
 * written or as it resolves now. A name that does not resolve is let through: the send checks again.
 */
export function endpointRefusal(endpoint: string, destinations: PushDestinations): Promise<string | null> {
  if (destinations.refusal(endpoint) !== null) return Promise.resolve(INTERNAL_ENDPOINT);
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    destinations.lookup(host, { all: true }, (error) =>
      resolve((error as { code?: string } | null)?.code === 'EDESTINATIONREFUSED' ? INTERNAL_ENDPOINT : null),
    );
  });
}
