import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '../../platform/database';
import { startBlockReader } from './block-reader';
import { GuideRepository } from './guide.repository';
import { BLOCK_MS, toBlock, type Block } from './window-blocks';

const HOUR = 3_600_000;
let dir: string;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-block-reader-'));
  db = openSqlite(path.join(dir, 'guide.sqlite'));
  const k = db.kysely();
  await sql`create table channels (id integer primary key)`.execute(k);
  await sql`create table events (id integer primary key, channel_id integer not null references channels(id),
    start_time integer not null, end_time integer not null, title text not null, subtitle text, description text,
    parental integer not null, genre_id integer, section_id integer, image_url text, package_id integer,
    ppv_price_cents integer)`.execute(k);
  for (let c = 1; c <= 30; c += 1) {
    await sql`insert into channels (id) values (${c})`.execute(k);
    for (let h = 0; h < 6; h += 1)
      await sql`insert into events (channel_id, start_time, end_time, title, subtitle, description, parental, package_id, ppv_price_cents)
        values (${c}, ${h * HOUR}, ${(h + 1) * HOUR}, ${`Programa ${c}·${h} «ñ»`}, ${h % 2 ? 'Sub' : null}, ${'Descripción'},
          ${h % 4}, ${c % 3 ? null : 7}, ${h === 5 ? 300 : null})`.execute(k);
  }
});

afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const columns = (b: Block) => ({
  from: b.from,
  count: b.count,
  channelId: [...b.channelId],
  start: [...b.start],
  end: [...b.end],
  packageId: [...b.packageId],
  ppv: [...b.ppv],
  offsets: [...b.offsets],
  bytes: b.bytes.toString('utf8'),
});

describe('startBlockReader', () => {
  it('reads and encodes a block in its thread as this thread would', async () => {
    const repo = new GuideRepository(db);
    const here = toBlock(await repo.eventsStartingIn(0, BLOCK_MS), 0);
    const reader = startBlockReader(db.address as string, () => Promise.reject(new Error('not used')));
    try {
      const there = await reader.read(0, BLOCK_MS);
      expect(there.count).toBe(90);
      expect(Buffer.isBuffer(there.bytes)).toBe(true);
      expect(columns(there)).toEqual(columns(here));
      const empty = await reader.read(10 * BLOCK_MS, 11 * BLOCK_MS);
      expect(empty.count).toBe(0);
    } finally {
      await reader.close();
    }
  });

  it('reads on this thread what the thread cannot answer', async () => {
    const fallbackReads: number[] = [];
    const reader = startBlockReader(`sqlite:${path.join(dir, 'empty.sqlite')}`, async (from) => {
      fallbackReads.push(from);
      return toBlock([], from);
    });
    try {
      expect((await reader.read(BLOCK_MS, 2 * BLOCK_MS)).count).toBe(0);
      expect(fallbackReads).toEqual([BLOCK_MS]);
    } finally {
      await reader.close();
    }
    // Closed: still answered, here.
    expect((await reader.read(0, BLOCK_MS)).count).toBe(0);
    expect(fallbackReads).toEqual([BLOCK_MS, 0]);
  });
});
