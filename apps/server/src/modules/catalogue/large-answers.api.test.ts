import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();
const HOUR = 3_600_000;

describe.each(kinds)('large catalogue answers on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => ctx?.close());

  it('sends the channels, a guide window and a guide day compressed to a client that takes it, the same JSON as plain', async () => {
    const now = Math.floor(ctx.clock.now() / HOUR) * HOUR;
    const day = new Date(now).toISOString().slice(0, 10);
    for (const url of [
      '/api/v1/channels',
      `/api/v1/events?startTime=${now}&endTime=${now + HOUR}`,
      `/api/v1/epg/1/${day}?tz=UTC`,
    ]) {
      const plain = await ctx.app.inject({ method: 'GET', url, headers: demo });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      const br = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...demo, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
      const gz = await ctx.app.inject({ method: 'GET', url, headers: { ...demo, 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });
});
