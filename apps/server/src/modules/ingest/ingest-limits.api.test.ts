import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';

/** A raw request the test writes piece by piece; resolves with the answer as soon as it comes. */
function rawRequest(base: string, path: string, headers: Record<string, string | number>) {
  const url = new URL(path, base);
  const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

/**
 * The import route's limits (issue 11, holes 3 and 4): refused before the body is read,
 * sizes capped while streaming, a gzip bomb stopped at its inflation cap, never a 5xx.
 */
describe('ingest upload limits', () => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    demo = await bearerFor(ctx, DEMO);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => ctx?.close());

  it('answers 401 to a client without a token before it has sent its body', async () => {
    const { req, answer } = rawRequest(base, '/api/v1/admin/ingest/xmltv', {
      'content-type': 'application/xml',
      'transfer-encoding': 'chunked',
    });
    req.write('<tv>');
    // The body never ends: the answer can only come from a check made before reading it.
    const res = await answer;
    req.destroy();
    expect(res.status).toBe(401);
  });

  it('answers 413 at once to a declared length past the limit', async () => {
    const { req, answer } = rawRequest(base, '/api/v1/admin/ingest/xmltv', {
      ...demo,
      'content-type': 'application/gzip',
      'content-length': 300 * 1024 * 1024,
    });
    req.write('x');
    const res = await answer;
    req.destroy();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toContain('MB');
  });

  it('stops a gzip bomb at its inflation cap with 413', async () => {
    // 80 MB of markup the parser accepts, inflated from well under 1 MB.
    const gzip = createGzip();
    const compressed: Buffer[] = [];
    gzip.on('data', (c: Buffer) => compressed.push(c));
    const done = new Promise((resolve) => gzip.on('end', resolve));
    gzip.write('<tv>');
    const block = Buffer.from('<x/>'.repeat(256 * 1024));
    for (let i = 0; i < 80; i++) gzip.write(block);
    gzip.end('</tv>');
    await done;
    const body = Buffer.concat(compressed);
    expect(body.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ingest/xmltv',
      headers: { ...demo, 'content-type': 'application/gzip' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toContain('gzip');
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('answers 400, naming the reference, to a guide whose only channel holds a character reference past U+10FFFF', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ingest/xmltv',
      headers: { ...demo, 'content-type': 'application/xml' },
      payload: '<?xml version="1.0"?><tv><channel id="a"><display-name>&#x110000;</display-name></channel></tv>',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/referencia de carácter no válida/);
  });

  it('refuses sources for non-admins and unknown formats', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/ingest/sources' })).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/admin/ingest/sources',
          headers: demo,
          payload: { kind: 'csv', url: 'http://x' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
