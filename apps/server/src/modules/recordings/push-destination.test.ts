import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DestinationPolicy } from '../ingest';
import { endpointRefusal, INTERNAL_ENDPOINT, pushAllowedHosts } from './push-destination';
import { generateVapidKeys, sendPush } from './web-push';

/** A resolver that knows a few names, so no test depends on real DNS. */
function fakeDns(table: Record<string, string>): typeof dns.lookup {
  return ((
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
  ) => {
    const address = table[hostname];
    if (!address)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  }) as unknown as typeof dns.lookup;
}

const names = {
  'push.example.com': '203.0.113.10',
  'rebind.example.com': '127.0.0.1',
  localhost: '127.0.0.1',
};
const production = new DestinationPolicy(pushAllowedHosts('production'), fakeDns(names));
const development = new DestinationPolicy(pushAllowedHosts('development'), fakeDns(names));

describe('where a push may go', () => {
  it.each([
    'https://10.0.0.1/send/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/send/x',
    'https://[fd00::1]/send/x',
    'https://[::ffff:127.0.0.1]/send/x',
    'https://rebind.example.com/send/x',
    'https://localhost/send/x',
    'http://127.0.0.1:8080/send/x',
  ])('refuses %s in production', async (endpoint) => {
    expect(await endpointRefusal(endpoint, production)).toBe(INTERNAL_ENDPOINT);
  });

  it('allows a public https host, and one that does not resolve now (the send checks again)', async () => {
    expect(await endpointRefusal('https://push.example.com/send/x', production)).toBeNull();
    expect(await endpointRefusal('https://203.0.113.10/send/x', production)).toBeNull();
    expect(await endpointRefusal('https://unknown.example.com/send/x', production)).toBeNull();
  });

  it('allows a push service on this machine outside production, nothing else internal', async () => {
    expect(await endpointRefusal('http://127.0.0.1:8080/send/x', development)).toBeNull();
    expect(await endpointRefusal('http://localhost:8080/send/x', development)).toBeNull();
    expect(await endpointRefusal('https://[::1]/send/x', development)).toBeNull();
    expect(await endpointRefusal('https://10.0.0.1/send/x', development)).toBe(INTERNAL_ENDPOINT);
    expect(await endpointRefusal('https://rebind.example.com/send/x', development)).toBe(INTERNAL_ENDPOINT);
  });
});

describe('sending a push', () => {
  let port = 0;
  let received = 0;
  const server = http.createServer((req, res) => {
    received += 1;
    req.resume();
    req.on('end', () => res.writeHead(201).end());
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const browser = { p256dh: '', auth: Buffer.alloc(16, 1).toString('base64url') };
  browser.p256dh = generateVapidKeys().publicKey;
  const options = (lookup: DestinationPolicy['lookup']) => ({
    keys: { ...generateVapidKeys(), subject: 'mailto:ops@pantalla.test' },
    nowMs: Date.now(),
    ttlSeconds: 60,
    timeoutMs: 5000,
    lookup,
  });

  it('connects to a name only if it resolves to a public address, as the socket connects (no rebinding)', async () => {
    // A name that passed when subscribing but now resolves to this machine.
    const rebound = new DestinationPolicy([], fakeDns({ 'push.example.com': '127.0.0.1' }));
    const refused = await sendPush(
      { endpoint: `http://push.example.com:${port}/send/x`, ...browser },
      { hello: 1 },
      options(rebound.lookup),
    );
    expect(refused.status).toBe(0);
    expect(received).toBe(0);
    const local = new DestinationPolicy(pushAllowedHosts('test'), fakeDns({ localhost: '127.0.0.1' }));
    const sent = await sendPush(
      { endpoint: `http://localhost:${port}/send/x`, ...browser },
      { hello: 1 },
      options(local.lookup),
    );
    expect(sent.status).toBe(201);
    expect(received).toBe(1);
  });
});
