import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();

/** Every catalogue, commerce and ingest route, with {x} where a path segment goes. */
const ROUTES: { method: 'GET' | 'PUT' | 'DELETE' | 'POST'; path: string }[] = [
  { method: 'GET', path: '/screens' },
  { method: 'GET', path: '/screen/lists' },
  { method: 'GET', path: '/lists/{x}/resources' },
  { method: 'GET', path: '/categories/{x}/contents' },
  { method: 'GET', path: '/lineups' },
  { method: 'GET', path: '/lineup-items' },
  { method: 'GET', path: '/channels' },
  { method: 'GET', path: '/channels/{x}' },
  { method: 'GET', path: '/channel-genres' },
  { method: 'GET', path: '/events' },
  { method: 'GET', path: '/events/{x}' },
  { method: 'GET', path: '/epg/{x}/{x}' },
  { method: 'GET', path: '/contents' },
  { method: 'GET', path: '/contents/{x}' },
  { method: 'GET', path: '/contents/{x}/trailer' },
  { method: 'GET', path: '/series' },
  { method: 'GET', path: '/series/{x}' },
  { method: 'GET', path: '/series/{x}/seasons' },
  { method: 'GET', path: '/seasons/{x}/episodes' },
  { method: 'GET', path: '/genres' },
  { method: 'GET', path: '/genres/{x}' },
  { method: 'GET', path: '/search' },
  { method: 'GET', path: '/keep-watching' },
  { method: 'PUT', path: '/keep-watching/mark' },
  { method: 'DELETE', path: '/keep-watching/delete-mark/{x}/{x}' },
  { method: 'GET', path: '/getuserip' },
  { method: 'GET', path: '/productosppv' },
  { method: 'GET', path: '/packages' },
  { method: 'GET', path: '/images/{x}/{x}/{x}' },
  { method: 'GET', path: '/images/operator/{x}' },
  { method: 'POST', path: '/admin/ingest/{x}' },
];

const QUERY_KEYS = [
  'lineupId',
  'regionId',
  'listGroupId',
  'startTime',
  'endTime',
  'channelId',
  'limit',
  'offset',
  'resolveReferences',
  'term',
  'tz',
  'subgenreId',
  'kind',
];

/** Values that break naive parsing: signs, exponents, NaN, huge numbers, dates that do not exist, odd text. */
const nasty = fc.oneof(
  fc.constantFrom(
    '',
    '-1',
    '0',
    '1e309',
    'NaN',
    'Infinity',
    '9'.repeat(30),
    '2147483648',
    '1.5',
    '0x10',
    '2026-02-30',
    '9999-99-99',
    '1',
    '92',
    '2026-11-22',
    'true',
    'null',
    '[]',
    '{}',
    '%',
    '../..',
    'Mars/Olympus',
    'vod',
    'cutv',
    'xmltv',
    'm3u',
    'a'.repeat(300),
  ),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc
    .record({
      id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.constant(2147483648)),
      kind: fc.oneof(fc.constantFrom('vod', 'cutv', 'x'), fc.integer()),
      positionInMs: fc.oneof(fc.integer(), fc.double(), fc.string()),
    })
    .map((o) => JSON.stringify(o)),
);

describe.each(kinds)('malformed requests on %s', (kind) => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    auth = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => ctx?.close());

  it.each(ROUTES)('$method $path answers 4xx with a message, never 5xx', async (route) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(nasty, { minLength: 3, maxLength: 3 }),
        fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), nasty), { maxLength: 4 }),
        body,
        fc.constantFrom('application/json', 'text/plain', 'application/xml'),
        async (segments, query, payload, contentType) => {
          let i = 0;
          const path = route.path.replace(/\{x\}/g, () => encodeURIComponent(segments[i++] ?? ''));
          const qs = query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const res = await ctx.app.inject({
            method: route.method,
            url: `/api/v1${path}${qs ? `?${qs}` : ''}`,
            headers: { ...auth, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
            ...(payload !== undefined ? { payload } : {}),
          });
          expect(res.statusCode, `${route.method} ${path}?${qs} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json().message, res.body).toBeTruthy();
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers raw broken paths with 4xx', async () => {
    for (const url of [
      '/api/v1/epg/%zz/2026-01-01',
      '/api/v1/channels/%E0%A4%A',
      '/api/v1/events?startTime=1&startTime=2&endTime=3',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // A broken escape in a query value is read leniently as text: still no 5xx.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/search?term=%zz', headers: auth })).statusCode).toBe(
      200,
    );
  });
});
