import fc from 'fast-check';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlFingerprint } from '../../src/modules/catalogue/testing';
import { databaseKinds } from '../databases';
import { createSecurityContext, type SecurityContext } from './context';
import { builders } from '../builders';

const kinds = await databaseKinds();

/*
 * The picture proxy (issue 31) is no open proxy and no way into this machine: whatever an
 * outsider asks, the server fetches only a URL the catalogue holds, and never one on a
 * private or loopback address unless IMAGE_ALLOWED_HOSTS names it (here it names none).
 */
describe.each(kinds)('the picture proxy on %s', (kind) => {
  let s: SecurityContext;
  let base = '';
  let hits = 0;
  const inside = http.createServer((_req, res) => {
    hits++;
    res
      .writeHead(200, { 'content-type': 'image/png' })
      .end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(inside.address() as AddressInfo).port}`;
    s = await createSecurityContext(kind);
  });
  afterAll(async () => {
    await s?.ctx.close();
    inside.closeAllConnections();
    await new Promise((resolve) => inside.close(resolve));
  });

  it('never fetches a logo on a loopback address the operator has not allowed', async () => {
    const logo = `${base}/interno.png`;
    const { latest } = await s.ctx.sql
      .selectFrom('channels')
      .select((eb) => eb.fn.max('updatedAt').as('latest'))
      .executeTakeFirstOrThrow();
    await builders(s.ctx).updateChannel(2, { logoUrl: logo, updatedAt: Number(latest) + 1 });
    s.ctx.modules.catalogue.importsChanged();
    const channel = (await s.call('basico', { method: 'GET', url: '/api/v1/channels/2' })).json() as {
      logoURL: string;
    };
    expect(channel.logoURL).toBe(`/api/v1/images/remote/channel/2/${urlFingerprint(logo)}`);
    const res = await s.call('anonymous', { method: 'GET', url: channel.logoURL });
    expect(res.statusCode).toBe(404);
    expect(hits).toBe(0);
  });

  it('answers any path or query an outsider makes up below 500, and fetches nothing for it', async () => {
    const segment = fc.oneof(
      fc.constantFrom('channel', 'event', 'film', '..', '%2e%2e', base, encodeURIComponent(base)),
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
    );
    const fingerprint = fc.oneof(
      fc.stringMatching(/^[0-9a-f]{16}$/),
      fc.constant(urlFingerprint(`${base}/interno.png`)),
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
    );
    const query = fc.constantFrom(
      '',
      `?url=${encodeURIComponent(base)}`,
      '?url=http://169.254.169.254/latest/meta-data/',
      '?src=file:///etc/passwd',
    );
    await fc.assert(
      fc.asyncProperty(
        segment,
        fc.oneof(
          fc.integer({ min: -5, max: 100_000 }).map(String),
          fc.string({ maxLength: 12 }).map(encodeURIComponent),
        ),
        fingerprint,
        query,
        async (owner, id, print, q) => {
          const res = await s.call('anonymous', {
            method: 'GET',
            url: `/api/v1/images/remote/${owner}/${id}/${print}${q}`,
          });
          return res.statusCode < 500 && res.statusCode !== 200;
        },
      ),
      { numRuns: 400, seed: 20261208 },
    );
    expect(hits).toBe(0);
  });
});
