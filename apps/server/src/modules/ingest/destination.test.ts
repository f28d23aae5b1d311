import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DestinationPolicy, isPrivateAddress } from './destination';
import { IngestError } from './parsers/errors';
import { fetchSource } from './source-fetch';

describe('private addresses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::1]',
    'fe80::1%eth0',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
  it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '2a00:1450:4003::1', '::ffff:808:808', 'guia.example'])(
    '%s is not',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('source URLs as written', () => {
  const policy = new DestinationPolicy(['guias.lan', '10.0.0.5', '[fd00::5]']);
  it.each([
    'http://127.0.0.1:8080/g.xml',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/g.xml',
    'http://[::1]/g.xml',
    'http://[::ffff:127.0.0.1]/g.xml',
    'http://2130706433/g.xml',
    'http://127.1/g.xml',
    'https://192.168.0.1/g.xml',
  ])('refuses %s, saying how to allow it', (url) => {
    expect(policy.refusal(url)).toMatch(/dirección privada, de loopback o de enlace local.*INGEST_ALLOWED_HOSTS/);
  });
  it.each([
    'http://10.0.0.5/g.xml',
    'http://[fd00::5]/g.xml',
    'http://GUIAS.lan./g.xml',
    'https://guia.example/g.xml',
    'http://localhost/g.xml',
  ])('takes %s (allowed, public or a name, judged when it resolves)', (url) => {
    expect(policy.refusal(url)).toBeNull();
  });
});

/** A resolver that knows a few names, so no test depends on real DNS. */
function fakeDns(table: Record<string, string[]>): typeof dns.lookup {
  return ((
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
  ) => {
    const addresses = table[hostname];
    if (!addresses)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as unknown as typeof dns.lookup;
}

describe('fetching through the policy', () => {
  let port = 0;
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/redirect-loopback') return res.writeHead(302, { location: `http://[::1]:${port}/g.xml` }).end();
    if (req.url === '/redirect-name')
      return res.writeHead(302, { location: `http://interno.example:${port}/g.xml` }).end();
    if (req.url === '/redirect-metadata')
      return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    res.writeHead(200).end('<tv/>');
  });
  const none = { etag: null, lastModified: null };
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IngestError);
    return (error as Error).message;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a name that resolves to a loopback address, before connecting', async () => {
    const policy = new DestinationPolicy([], fakeDns({ 'guia.example': ['127.0.0.1'] }));
    const before = hits;
    expect(await failure(fetchSource(`http://guia.example:${port}/g.xml`, none, policy))).toMatch(
      /guia\.example resuelve a 127\.0\.0\.1/,
    );
    expect(hits).toBe(before);
  });

  it('refuses a name with a private address among public ones (rebinding between answers cannot pick it)', async () => {
    const policy = new DestinationPolicy([], fakeDns({ 'guia.example': ['93.184.216.34', '10.0.0.7'] }));
    expect(await failure(fetchSource(`http://guia.example:${port}/g.xml`, none, policy))).toMatch(
      /resuelve a 10\.0\.0\.7/,
    );
  });

  it('refuses localhost by what it resolves to', async () => {
    expect(await failure(fetchSource(`http://localhost:${port}/g.xml`, none, new DestinationPolicy([])))).toMatch(
      /localhost resuelve a (127\.0\.0\.1|::1)/,
    );
  });

  it('connects to the address its own lookup answered: an allowed name reaches the server', async () => {
    // guia.example exists only in this resolver: the answer can only have come through it.
    const policy = new DestinationPolicy(['guia.example'], fakeDns({ 'guia.example': ['127.0.0.1'] }));
    const answer = await fetchSource(`http://guia.example:${port}/g.xml`, none, policy);
    expect(answer.status).toBe(200);
    if ('body' in answer) answer.body.resume();
  });

  it.each([
    ['/redirect-loopback', /redirige a http:\/\/\[::1\].*dirección privada/],
    ['/redirect-metadata', /redirige a http:\/\/169\.254\.169\.254.*dirección privada/],
    ['/redirect-name', /interno\.example resuelve a 127\.0\.0\.1/],
  ])('refuses a redirect of an allowed host to a private destination (%s)', async (path, reason) => {
    const policy = new DestinationPolicy(['127.0.0.1'], fakeDns({ 'interno.example': ['127.0.0.1'] }));
    expect(await failure(fetchSource(`http://127.0.0.1:${port}${path}`, none, policy))).toMatch(reason);
  });
});
