import dns, { type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a guide source may be fetched from (issue 11). A source URL is the operator's, but
 * a guide server could redirect, or its name resolve, to this machine or its network
 * (127.0.0.1, the cloud's 169.254.169.254 metadata, 10.x): those are refused unless the
 * operator names the host in INGEST_ALLOWED_HOSTS. The literal host is checked when the
 * source is registered and on every redirect; a name is checked as it resolves, at connect
 * time, so a DNS answer that changes between check and connection (rebinding) cannot pass.
 */

/** Networks no source may be on: loopback, private, link-local, shared, reserved, multicast. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** ::ffff:7f00:1 and ::ffff:127.0.0.1 are IPv4 addresses in IPv6 clothing. */
function unmapped(address: string): string {
  const m = /^::ffff:(?:([0-9a-f]{1,4}):([0-9a-f]{1,4})|(\d+\.\d+\.\d+\.\d+))$/i.exec(address);
  if (!m) return address;
  if (m[3]) return m[3];
  const high = parseInt(m[1] as string, 16);
  const low = parseInt(m[2] as string, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the public Internet. */
export function isPrivateAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const version = isIP(plain);
  if (version === 0) return false;
  return PRIVATE.check(plain, version === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as INGEST_ALLOWED_HOSTS names it: lower case, without IPv6 brackets or a final dot. */
export const hostOf = (url: URL) =>
  url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** What the lookup option of http.request receives. */
export type Lookup = (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => void;

/** The error a refused destination fails with: its message is the run's reason. */
export class DestinationRefused extends Error {
  readonly code = 'EDESTINATIONREFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'DestinationRefused';
  }
}

const HINT = 'si es tuya, añade su host a INGEST_ALLOWED_HOSTS';

/** The operator's exceptions, and the checks of a source's URL and of the addresses its name resolves to. */
export class DestinationPolicy {
  private readonly allowed: ReadonlySet<string>;

  constructor(
    allowedHosts: readonly string[],
    private readonly resolve: typeof dns.lookup = dns.lookup,
  ) {
    this.allowed = new Set(
      allowedHosts
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, '')
            .replace(/\.$/, ''),
        )
        .filter(Boolean),
    );
  }

  /** Whether the operator allows this host (as written in the URL) whatever it resolves to. */
  allows(host: string): boolean {
    return this.allowed.has(host);
  }

  /** Why this URL may not be fetched as written (its literal host is private), or null. */
  refusal(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `${url.slice(0, 200)} no es una dirección válida.`;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      return 'La dirección debe empezar por http:// o https://.';
    const host = hostOf(parsed);
    if (this.allows(host)) return null;
    // A name (localhost included) is judged by what it resolves to, when the run connects.
    if (isPrivateAddress(host))
      return `${parsed.hostname} es una dirección privada, de loopback o de enlace local; no se descargan fuentes de ella (${HINT}).`;
    return null;
  }

  /**
   * dns.lookup for http.request: answers only public addresses for hosts the operator has
   * not allowed, and fails with the reason otherwise. Every address of the name is checked,
   * so the connection cannot fall back to a private one.
   */
  readonly lookup: Lookup = (hostname, options, callback) => {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    this.resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (!this.allows(host)) {
        const refused = list.find((a) => isPrivateAddress(a.address));
        if (refused)
          return callback(
            new DestinationRefused(
              `${hostname} resuelve a ${refused.address}, una dirección privada, de loopback o de enlace local; no se descarga (${HINT}).`,
            ),
            [],
          );
      }
      if ((options as LookupAllOptions).all) return callback(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} no tiene direcciones`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
