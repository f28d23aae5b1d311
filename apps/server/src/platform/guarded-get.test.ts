import { once } from 'node:events';
import http from 'node:http';
import dns from 'node:dns';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedGet, readCapped, type BodyLimits } from './guarded-get';

describe('guardedGet', () => {
  const server = http.createServer((req, res) => {
    // '/silent' never answers: the request's own timeout ends it.
    if (req.url === '/silent') return;
    if (req.url === '/big') return void res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
    // Chunked, no length said: counted as it comes.
    if (req.url === '/chunked') {
      res.writeHead(200);
      res.write('x'.repeat(3000));
      return void res.end('x'.repeat(3000));
    }
    if (req.url === '/slow') {
      res.writeHead(200);
      return void res.write('x');
    }
    if (req.url === '/cut') {
      // The head and a tenth of the body sent, then the connection dropped.
      res.writeHead(200, { 'content-length': '100' });
      return void res.write('x'.repeat(10), () => res.socket?.destroy());
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'x-agent': req.headers['user-agent'] ?? '' });
    res.end('hola');
  });
  let base = '';
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const asked: string[] = [];
  const lookup: LookupFunction = (hostname, options, callback) => {
    asked.push(hostname);
    dns.lookup(hostname, { ...options, family: 4 }, callback);
  };

  it('connects through the guard’s lookup, with the caller’s headers', async () => {
    const res = await guardedGet(`${base}/`, {
      headers: { 'user-agent': 'Pantalla/1' },
      lookup,
      timeoutMs: 5_000,
      timedOut: () => new Error('late'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-agent']).toBe('Pantalla/1');
    res.resume();
    expect(asked).toContain('localhost');
  });

  it('ends with the caller’s error when the head does not come in time', async () => {
    await expect(
      guardedGet(`${base}/silent`, { headers: {}, lookup, timeoutMs: 50, timedOut: () => new Error('sin respuesta') }),
    ).rejects.toThrow('sin respuesta');
  });

  it('passes on the guard’s refusal as the request’s error', async () => {
    const refusing: LookupFunction = (_hostname, _options, callback) =>
      callback(Object.assign(new Error('dirección privada'), { code: 'EDESTINATIONREFUSED' }), '', 4);
    // Another port: a new connection (the first case's socket is kept alive and reused for its host and port).
    const url = 'http://localhost:9/';
    await expect(
      guardedGet(url, { headers: {}, lookup: refusing, timeoutMs: 5_000, timedOut: () => new Error('late') }),
    ).rejects.toThrow('dirección privada');
  });

  describe('readCapped', () => {
    const limits = (over: Partial<BodyLimits> = {}): BodyLimits => ({
      maxBytes: 4096,
      timeoutMs: 5_000,
      tooLarge: (declared) => new Error(`grande ${declared ?? 'contado'}`),
      late: () => new Error('tarde'),
      failed: (error) => new Error(`cortado: ${error.message}`),
      ...over,
    });
    const get = (path: string) =>
      guardedGet(`${base}${path}`, { headers: {}, lookup, timeoutMs: 5_000, timedOut: () => new Error('late') });

    it('reads a body within its cap whole', async () => {
      expect((await readCapped(await get('/'), limits())).toString()).toBe('hola');
    });

    it('refuses a body whose length is said to be past the cap, and one counted past it', async () => {
      await expect(readCapped(await get('/big'), limits())).rejects.toThrow('grande 5000');
      await expect(readCapped(await get('/chunked'), limits())).rejects.toThrow('grande contado');
    });

    it('refuses a body that does not end in time, and one that breaks off', async () => {
      await expect(readCapped(await get('/slow'), limits({ timeoutMs: 50 }))).rejects.toThrow('tarde');
      await expect(readCapped(await get('/cut'), limits())).rejects.toThrow();
    });
  });
});
