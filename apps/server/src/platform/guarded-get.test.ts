import { once } from 'node:events';
import http from 'node:http';
import dns from 'node:dns';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedGet } from './guarded-get';

describe('guardedGet', () => {
  const server = http.createServer((req, res) => {
    // '/silent' never answers: the request's own timeout ends it.
    if (req.url === '/silent') return;
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
});
