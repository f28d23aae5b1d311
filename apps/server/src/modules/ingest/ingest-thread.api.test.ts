import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, EpgDayResponse } from '@pantalla/contracts';
import { createTestContext, type TestContext } from '../../../test/context';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { pgReachable } from '../../../test/databases';
import { BACKGROUND_PRIORITY } from '../../platform/threads';
import { IngestTooLarge } from './byte-source';
import { IngestError } from './parsers/errors';
import { syntheticProgrammeCount, syntheticXmltv } from './parsers/synthetic-guide';

/**
 * Imports on a database other threads can open (a SQLite file, PostgreSQL) run in threads
 * of their own: one parses, the catalogue's writes from another, gathered into large
 * transactions. What the server answers must be what an import on its own thread gives.
 */
const legs: { name: string; kind: 'sqlite' | 'postgres' }[] = [
  { name: 'a SQLite file', kind: 'sqlite' },
  ...((await pgReachable()) ? [{ name: 'PostgreSQL', kind: 'postgres' as const }] : []),
];

const day = new Date().toISOString().slice(0, 10);
/** Enough programmes for the writer to commit twice (it gathers 20,000 per transaction). */
const BIG = { channels: 100, days: 15, from: day };

/** Each thread of this process and its nice value (Linux: /proc/self/task/<id>/stat, field 19). */
function threadPriorities(): Map<number, number> {
  const out = new Map<number, number>();
  for (const id of readdirSync('/proc/self/task')) {
    try {
      // The name in parentheses may hold spaces: fields are counted after it.
      const fields = readFileSync(`/proc/self/task/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(Number(id), Number(fields[16]));
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return out;
}

async function* pieces(parts: string[], breakAfter?: number): AsyncGenerator<string> {
  for (const [i, part] of parts.entries()) {
    if (breakAfter !== undefined && i === breakAfter) throw new Error('socket hang up');
    yield part;
  }
}

describe.each(legs)('an import in threads of its own, on $name', { timeout: 120_000 }, ({ kind }) => {
  let ctx: TestContext;
  let demo: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { INGEST_THREADS: '1' }, { sqliteFile: true });
    demo = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => ctx?.close());

  it('is what the server runs for such a database', () => {
    expect(ctx.platform.db.address).not.toBeNull();
    expect(ctx.config.ingestThreads).toBe(true);
  });

  it('imports a large guide in several transactions, shown at once, and the same file again changes nothing', async () => {
    const expected = syntheticProgrammeCount(BIG);
    expect(expected).toBeGreaterThan(20_000);
    const first = await ctx.modules.ingest.service.import('xmltv', syntheticXmltv(BIG));
    expect(first.channels.created).toBe(100);
    expect(first.programmes).toMatchObject({ inserted: expected, removed: 0, unchanged: 0 });

    // Seen by this thread's readers without waiting for the reference cache to expire.
    const channels = (await ctx.app.inject({ method: 'GET', url: '/api/v1/channels', headers: demo })).json()
      .resources as Channel[];
    const imported = channels.find((c) => c.name === 'Canal 1');
    expect(imported).toBeDefined();
    const epg = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/epg/${imported?.id}/${day}?tz=UTC`, headers: demo })
    ).json() as EpgDayResponse;
    expect(epg.events.length).toBeGreaterThan(5);
    expect(epg.events[0]?.tbEventLanguages).toEqual([
      {
        language: 'es',
        title: epg.events[0]?.title,
        subtitle: epg.events[0]?.subtitle,
        description: epg.events[0]?.description,
      },
    ]);

    const stored = await ctx.sql
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', 'import')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(expected);

    const again = await ctx.modules.ingest.service.import('xmltv', syntheticXmltv(BIG));
    expect(again.channels.created).toBe(0);
    expect(again.programmes).toMatchObject({ inserted: 0, removed: 0, unchanged: expected });
  });

  it.runIf(os.platform() === 'linux')(
    "gives way to the server's thread: the parsing and writing threads run at a background priority, the server's at its own",
    async () => {
      const own = os.getPriority();
      const background = new Set<number>();
      let done = false;
      const imported = ctx.modules.ingest.service
        .import('xmltv', syntheticXmltv({ channels: 20, days: 15, from: day }))
        .finally(() => (done = true));
      // Both threads live as long as the import: their priorities are read while it runs.
      while (!done && background.size < 2) {
        for (const [id, nice] of threadPriorities()) if (nice === BACKGROUND_PRIORITY) background.add(id);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await imported;
      expect(background.size).toBe(2);
      expect(background.has(process.pid)).toBe(false);
      expect(os.getPriority()).toBe(own);
      expect(threadPriorities().get(process.pid)).toBe(own);
    },
  );

  it('imports a channel list through the route, admins only', async () => {
    const list =
      '#EXTM3U\n#EXTINF:-1 tvg-id="hilo.tv" group-title="Hilos",Canal Hilo\nhttps://cdn.example/hilo/index.m3u8\n';
    const basico = await bearerFor(ctx, BASICO);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ingest/m3u',
      headers: { ...basico, 'content-type': 'audio/x-mpegurl' },
      payload: list,
    });
    expect(refused.statusCode).toBe(403);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ingest/m3u',
      headers: { ...demo, 'content-type': 'audio/x-mpegurl' },
      payload: list,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().channels.created).toBe(1);
    const channels = (await ctx.app.inject({ method: 'GET', url: '/api/v1/channels', headers: demo })).json()
      .resources as Channel[];
    expect(channels.some((c) => c.name === 'Canal Hilo')).toBe(true);
  });

  it('answers what the thread refused as the server would have: not a guide, too large, a broken transfer', async () => {
    const notGuide = ctx.modules.ingest.service.import('xmltv', ['<html><body>no</body></html>']);
    await expect(notGuide).rejects.toBeInstanceOf(IngestError);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ingest/xmltv',
      headers: { ...demo, 'content-type': 'application/xml' },
      payload: '<html><body>no</body></html>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^No se ha importado nada\./);

    const small = { maxBytes: 1000, maxInflatedBytes: 1000, maxRatio: 100 };
    await expect(
      ctx.modules.ingest.service.import('xmltv', syntheticXmltv({ channels: 5, days: 1, from: day }), small),
    ).rejects.toBeInstanceOf(IngestTooLarge);

    const broken = ctx.modules.ingest.service.import(
      'xmltv',
      pieces([...syntheticXmltv({ channels: 3, days: 1, from: day, programmesPerChunk: 5 })], 2),
    );
    await expect(broken).rejects.toThrow(/la transferencia del archivo se ha interrumpido \(socket hang up\)/);
    await expect(broken).rejects.toBeInstanceOf(IngestError);
  });
});
