import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_NOW_MAX_AGE_MS, operatorNowSchema, type OperatorNow } from '@pantalla/contracts';
import { bearerFor, BASICO, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { makeOperator } from './operator-routes';
import { builders } from './builders';

const kinds = await databaseKinds();
const NOW_URL = '/api/v1/operator/streams/now';

describe.each(kinds)('the console Now view on %s', (kind) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let support: Record<string, string>;
  let userId: number;
  let sessionNo = 0;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await bearerFor(ctx, DEMO);
    support = await makeOperator(ctx, 'soporte-now@pantalla.test', 'soporte-now-1234', 'support');
    userId = (await ctx.modules.identity.accounts.findByEmail(BASICO))?.id ?? 0;
  });
  afterAll(async () => ctx?.close());

  /** Open stream sessions as rows (the account limit is the open route's, not this view's). */
  async function openRows(
    kindOf: 'LIVE' | 'CUTV' | 'VOD' | 'SERIE',
    contentId: number,
    n: number,
    state: 'open' | 'closed' | 'expired' = 'open',
  ): Promise<void> {
    const now = ctx.clock.now();
    const rows = Array.from({ length: n }, () => ({
      id: `now-test-${++sessionNo}`,
      userId,
      profileId: 0,
      kind: kindOf,
      contentId,
      serviceName: 'test',
      streamingProtocol: 'DASH' as const,
      deviceFingerprint: `now-${sessionNo}`,
      deviceName: null,
      createdAt: now - 1000,
      lastHeartbeatAt: now - 1000,
      expiresAt: state === 'expired' ? now - 1 : now + 60_000,
      closedAt: state === 'closed' ? now - 1 : null,
      closedReason: state === 'closed' ? 'closed' : null,
    }));
    await builders(ctx).newStreamSessions(rows);
  }

  async function now(headers: Record<string, string>, query = ''): Promise<OperatorNow> {
    const res = await ctx.app.inject({ method: 'GET', url: `${NOW_URL}${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    return operatorNowSchema.parse(res.json());
  }

  /** The shared count is remade once it is older than its maximum age. */
  const nextCount = () => ctx.clock.advance(OPERATOR_NOW_MAX_AGE_MS);

  it('answers admins and support; refuses content operators, subscribers and strangers', async () => {
    expect((await now(admin)).totalStreams).toBe(0);
    expect((await now(support)).items).toEqual([]);
    const content = await makeOperator(ctx, 'contenidos-now@pantalla.test', 'contenidos-now-1234', 'content');
    for (const [headers, status] of [
      [content, 403],
      [await bearerFor(ctx, BASICO), 403],
      [{}, 401],
    ] as const) {
      expect((await ctx.app.inject({ method: 'GET', url: NOW_URL, headers })).statusCode).toBe(status);
    }
  });

  it('counts open streams by kind and live channel, heaviest first with names and numbers; closed and expired ones not', async () => {
    await openRows('LIVE', 1, 3);
    await openRows('LIVE', 2, 5);
    await openRows('LIVE', 3, 3);
    await openRows('LIVE', 4, 2, 'closed');
    await openRows('LIVE', 5, 2, 'expired');
    await openRows('CUTV', 900, 1);
    await openRows('VOD', 1159, 2);
    nextCount();
    const page = await now(admin);
    expect(page.totalStreams).toBe(14);
    expect(page.byKind).toEqual({ live: 11, catchup: 1, film: 2, episode: 0 });
    expect(page.channelsWatched).toBe(3);
    expect(page.countedAt).toBe(ctx.clock.now());
    expect(page.items.map((i) => [i.channelId, i.openStreams])).toEqual([
      [2, 5],
      [1, 3],
      [3, 3],
    ]);
    const names = await ctx.sql
      .selectFrom('channels')
      .select(['id', 'name', 'number'])
      .where('id', 'in', [1, 2, 3])
      .execute();
    for (const item of page.items) {
      const channel = names.find((c) => c.id === item.channelId);
      expect(item).toMatchObject({ name: channel?.name, number: channel?.number });
    }
  });

  it('pages on the server with a cursor, and refuses a cursor of another list', async () => {
    const first = await now(admin, '?limit=2');
    expect(first.items.map((i) => i.channelId)).toEqual([2, 1]);
    expect(first.nextCursor).not.toBeNull();
    const second = await now(admin, `?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.items.map((i) => i.channelId)).toEqual([3]);
    expect(second.nextCursor).toBeNull();
    for (const query of ['?cursor=abc', '?limit=0', '?limit=201', '?cursor=1.2.3', '?other=1']) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${NOW_URL}${query}`, headers: admin })).statusCode,
        query,
      ).toBe(400);
    }
  });

  it('shares one count for its maximum age, then sees a stream the player opened and closed', async () => {
    const before = (await now(admin)).totalStreams;
    const basico = await bearerFor(ctx, BASICO);
    await builders(ctx).updateStreamSessions('open', { closedAt: ctx.clock.now(), closedReason: 'closed' });
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: basico,
      payload: {
        reference: { serviceName: 'test', type: 'LIVE', id: '1' },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'now-player',
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    // Within the count's age every viewer sees the same figures.
    expect((await now(support)).totalStreams).toBe(before);
    nextCount();
    const live = await now(support);
    expect(live.totalStreams).toBe(1);
    expect(live.items).toEqual([expect.objectContaining({ channelId: 1, openStreams: 1 })]);
    const closed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessions/${(opened.json() as { id: string }).id}`,
      headers: basico,
      payload: {},
    });
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    nextCount();
    expect(await now(admin)).toMatchObject({ totalStreams: 0, items: [], channelsWatched: 0, nextCursor: null });
  });
});
