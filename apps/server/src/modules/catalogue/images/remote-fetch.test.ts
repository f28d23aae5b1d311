import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DestinationPolicy } from '../../ingest';
import { fetchRemoteImage } from './remote-fetch';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
const limits = { maxBytes: 1000, timeoutMs: 2000, maxRedirects: 2 };

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
    callback(null, [{ address, family: 4 }]);
  }) as unknown as typeof dns.lookup;
}

describe('fetching a picture', () => {
  let base = '';
  const server = http.createServer((req, res) => {
    const route = req.url ?? '';
    if (route === '/logo.png') {
      if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
      return res.writeHead(200, { 'content-type': 'image/png', etag: '"v1"' }).end(PNG);
    }
    if (route === '/declared-big') return res.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000));
    if (route === '/streamed-big') {
      res.writeHead(200);
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(300));
      return res.end();
    }
    if (route.startsWith('/hop/')) return res.writeHead(302, { location: `/hop/${Number(route.slice(5)) + 1}` }).end();
    if (route === '/to-metadata')
      return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (route === '/to-logo') return res.writeHead(301, { location: '/logo.png' }).end();
    if (route === '/silent') return; // never answers
    res.writeHead(404).end();
  });
  const allowLoopback = new DestinationPolicy(['127.0.0.1']);

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fetches the bytes and the validators, then hears that nothing changed', async () => {
    const first = await fetchRemoteImage(`${base}/logo.png`, { etag: null, lastModified: null }, allowLoopback, limits);
    expect(first).toMatchObject({ status: 'fetched', etag: '"v1"' });
    expect(first.status === 'fetched' && first.bytes.equals(PNG)).toBe(true);
    expect(
      await fetchRemoteImage(`${base}/logo.png`, { etag: '"v1"', lastModified: null }, allowLoopback, limits),
    ).toEqual({ status: 'unchanged' });
  });

  it('refuses a picture past the size cap, declared or streamed', async () => {
    await expect(
      fetchRemoteImage(`${base}/declared-big`, { etag: null, lastModified: null }, allowLoopback, limits),
    ).rejects.toThrow(/pesa 5000 bytes/);
    await expect(
      fetchRemoteImage(`${base}/streamed-big`, { etag: null, lastModified: null }, allowLoopback, limits),
    ).rejects.toThrow(/pesa más de 1000 bytes/);
  });

  it('follows a bounded number of redirects', async () => {
    expect(
      await fetchRemoteImage(`${base}/to-logo`, { etag: null, lastModified: null }, allowLoopback, limits),
    ).toMatchObject({ status: 'fetched' });
    await expect(
      fetchRemoteImage(`${base}/hop/0`, { etag: null, lastModified: null }, allowLoopback, limits),
    ).rejects.toThrow(/más de 2 redirecciones/);
  });

  it('gives up on a server that does not answer in time', async () => {
    await expect(
      fetchRemoteImage(`${base}/silent`, { etag: null, lastModified: null }, allowLoopback, {
        ...limits,
        timeoutMs: 200,
      }),
    ).rejects.toThrow(/no ha respondido en 200 ms/);
  });

  it('never reaches a private or loopback address unless configured to', async () => {
    const strict = new DestinationPolicy([], fakeDns({ 'logos.example': '127.0.0.1', 'rebind.example': '10.0.0.7' }));
    await expect(
      fetchRemoteImage(`${base}/logo.png`, { etag: null, lastModified: null }, strict, limits),
    ).rejects.toThrow(/dirección privada/);
    const port = new URL(base).port;
    await expect(
      fetchRemoteImage(`http://logos.example:${port}/logo.png`, { etag: null, lastModified: null }, strict, limits),
    ).rejects.toThrow(/resuelve a 127\.0\.0\.1/);
    await expect(
      fetchRemoteImage(`${base}/to-metadata`, { etag: null, lastModified: null }, allowLoopback, limits),
    ).rejects.toThrow(/169\.254\.169\.254 es una dirección privada/);
    await expect(
      fetchRemoteImage('file:///etc/passwd', { etag: null, lastModified: null }, allowLoopback, limits),
    ).rejects.toThrow(/http:\/\/ o https:\/\//);
  });
});
