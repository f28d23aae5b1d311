import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditTables } from '../src/platform/audit.repository';
import { bearerFor, BASICO, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { builders } from './builders';

const kinds = await databaseKinds();

describe.each(kinds)('the console channels and lineups on %s', (kind) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  const get = (url: string, headers = admin) => ctx.app.inject({ method: 'GET', url, headers });
  const audit = () => ctx.sql as unknown as Kysely<AuditTables>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => ctx?.close());

  it('pages the channels by number with a total, and searches by name and number', async () => {
    const first = await get('/api/v1/operator/channels?limit=5');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.items.map((c: { number: number }) => c.number)).toEqual(
      [...page.items.map((c: { number: number }) => c.number)].sort((a, b) => a - b),
    );
    const second = (await get(`/api/v1/operator/channels?limit=5&cursor=${page.nextCursor}`)).json();
    expect(second.items[0].number).toBeGreaterThan(page.items[4].number);
    const all = (await get('/api/v1/operator/channels?limit=200')).json();
    expect(all.items).toHaveLength(all.total);
    expect(all.nextCursor).toBeNull();

    const byName = (await get(`/api/v1/operator/channels?q=${encodeURIComponent('meridiano')}`)).json();
    expect(byName.items.map((c: { name: string }) => c.name)).toContain('Canal Meridiano');
    const byNumber = (await get('/api/v1/operator/channels?q=3')).json();
    expect(byNumber.items.some((c: { number: number }) => c.number === 3)).toBe(true);
    expect((await get('/api/v1/operator/channels?limit=201')).statusCode).toBe(400);
  });

  it('filters by package, genre, source and health, and sorts by name', async () => {
    const basic = (await get('/api/v1/operator/channels?packageId=1&limit=200')).json();
    expect(basic.items.length).toBeGreaterThan(0);
    expect(basic.items.every((c: { packageId: number }) => c.packageId === 1)).toBe(true);
    const genre = (await get('/api/v1/operator/channels?genreId=5&limit=200')).json();
    expect(genre.items.every((c: { genreId: number }) => c.genreId === 5)).toBe(true);
    const external = (await get('/api/v1/operator/channels?source=external')).json();
    expect(external.total).toBe(0);
    const ok = (await get('/api/v1/operator/channels?health=ok&limit=1')).json();
    // The demo's channels all play from the origin.
    expect(ok.total).toBe((await get('/api/v1/operator/channels?limit=1')).json().total);
    const names = (await get('/api/v1/operator/channels?sort=name&limit=20'))
      .json()
      .items.map((c: { name: string }) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it('edits a channel with its audit row, refuses a number its lineup has, and the subscriber sees the change at once', async () => {
    const basico = await bearerFor(ctx, BASICO);
    // Read first, so the subscriber's answer is in the caches the edit must make forget.
    for (let i = 0; i < 2; i++) expect((await get('/api/v1/channels', basico)).statusCode).toBe(200);

    const clash = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/operator/channels/1',
      headers: admin,
      payload: { number: 2 },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/^El número 2 ya lo tiene «Pantalla Dos»/);

    const logo = 'https://img.example.com/logos/uno.png';
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/operator/channels/1',
      headers: admin,
      payload: { number: 901, logoUrl: logo, timeShift: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, number: 901, logoUrl: logo, timeShift: false });

    const row = await audit()
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'channel.update')
      .where('subjectId', '=', '1')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.actorEmail).toBe(DEMO);
    expect(JSON.parse(row.before ?? '{}')).toEqual({ number: 1, logoUrl: null, timeShift: true });
    expect(JSON.parse(row.after ?? '{}')).toEqual({ number: 901, logoUrl: logo, timeShift: false });

    const seen = (await get('/api/v1/channels', basico)).json().resources.find((c: { id: number }) => c.id === 1);
    expect(seen).toMatchObject({ number: 901, logoURL: logo });
    const lineup = (await get('/api/v1/channels?lineupId=1', basico))
      .json()
      .resources.find((c: { id: number }) => c.id === 1);
    expect(lineup).toMatchObject({ number: 901 });

    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/v1/operator/channels/1',
          headers: admin,
          payload: { logoUrl: 'http://plain.example.com/a.png' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/v1/operator/channels/1',
          headers: admin,
          payload: { packageId: 999_999 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/v1/operator/channels/999999',
          headers: admin,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("switches a channel off: neither it nor its programmes are listed, in every channel's guide or by itself", async () => {
    const basico = await bearerFor(ctx, BASICO);
    const now = ctx.clock.now();
    const windowUrl = `/api/v1/events?startTime=${now}&endTime=${now + 3_600_000}`;
    const channelsOf = async (url: string) =>
      new Set((await get(url, basico)).json().resources.map((e: { channelId: number }) => e.channelId));
    // Read first, so the answers are in the caches the switch must make forget.
    expect(await channelsOf(windowUrl)).toContain(3);
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/operator/channels/3',
      headers: admin,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const listed = (await get('/api/v1/channels', basico)).json().resources.map((c: { id: number }) => c.id);
      expect(listed).not.toContain(3);
      const guide = await channelsOf(windowUrl);
      expect(guide).not.toContain(3);
      expect(guide).toContain(2);
      expect((await channelsOf(`${windowUrl}&channelId=3`)).size).toBe(0);
    } finally {
      const on = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/operator/channels/3',
        headers: admin,
        payload: { enabled: true },
      });
      expect(on.statusCode).toBe(200);
    }
    expect(await channelsOf(windowUrl)).toContain(3);
  });

  it('lets support read but not edit, and refuses a subscriber', async () => {
    const basico = await bearerFor(ctx, BASICO);
    expect((await get('/api/v1/operator/channels', basico)).statusCode).toBe(403);
    const user = await ctx.modules.identity.accounts.findByEmail(BASICO);
    const userId = user?.id ?? 0;
    await builders(ctx).grantRole(userId, 'support');
    try {
      expect((await get('/api/v1/operator/channels/2', basico)).statusCode).toBe(200);
      expect((await get('/api/v1/operator/lineups', basico)).statusCode).toBe(200);
      const edit = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/operator/channels/2',
        headers: basico,
        payload: { name: 'Nunca' },
      });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe('Tu rol de operador no permite hacer esto.');
      const move = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/operator/lineups/1/order',
        headers: basico,
        payload: { channelId: 2, toPosition: 0 },
      });
      expect(move.statusCode).toBe(403);
    } finally {
      await builders(ctx).revokeRoles(userId);
    }
  });

  it('moves a channel in a lineup, audited, and the subscriber lineup follows', async () => {
    const lineups = (await get('/api/v1/operator/lineups')).json().items;
    expect(lineups.find((l: { id: number }) => l.id === 1)).toMatchObject({ regionName: expect.any(String) });
    const before = (await get('/api/v1/operator/lineups/1/channels?limit=200')).json();
    expect(before.items.map((i: { position: number }) => i.position)).toEqual(
      before.items.map((_: unknown, i: number) => i),
    );
    const third = before.items[2].channel.id;
    const basico = await bearerFor(ctx, BASICO);
    for (let i = 0; i < 2; i++) await get('/api/v1/channels?lineupId=1', basico);

    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/operator/lineups/1/order',
      headers: admin,
      payload: { channelId: third, toPosition: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ channelId: third, fromPosition: 2, toPosition: 0 });
    const after = (await get('/api/v1/operator/lineups/1/channels?limit=3')).json();
    expect(after.items.map((i: { channel: { id: number } }) => i.channel.id)).toEqual([
      third,
      before.items[0].channel.id,
      before.items[1].channel.id,
    ]);
    expect((await get('/api/v1/channels?lineupId=1', basico)).json().resources[0].id).toBe(third);

    // And back down past the end: clamped to the last place.
    const down = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/operator/lineups/1/order',
      headers: admin,
      payload: { channelId: third, toPosition: 100_000 },
    });
    expect(down.json()).toEqual({ channelId: third, fromPosition: 0, toPosition: before.total - 1 });
    const row = await audit()
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'lineup.reorder')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.after ?? '{}')).toEqual({ channelId: third, position: before.total - 1 });
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/v1/operator/lineups/999/order',
          headers: admin,
          payload: { channelId: third, toPosition: 0 },
        })
      ).statusCode,
    ).toBe(404);
  });
});
