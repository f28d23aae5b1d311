import { describe, expect, it } from 'vitest';
import type { CompactEventRow } from './guide.repository';
import { eventHeadJson, eventStatic } from './mappers';
import { BLOCK_MS, WindowBlocks, cutWindow, headOf, toBlock, type Block } from './window-blocks';

const HOUR = 3_600_000;

function row(
  id: number,
  channelId: number,
  startTime: number,
  endTime: number,
  extra: Partial<CompactEventRow> = {},
): CompactEventRow {
  return {
    id,
    channelId,
    startTime,
    endTime,
    title: `P ${id}`,
    subtitle: '',
    description: 'd',
    parental: 0,
    genreId: null,
    sectionId: null,
    imageUrl: null,
    packageId: null,
    ppvPriceCents: null,
    ...extra,
  };
}

/** A guide of `channels` channels with an hour-long programme every hour, and a log of the reads. */
function guide(channels: number) {
  const reads: [number, number][] = [];
  const read = async (from: number, to: number) => {
    reads.push([from, to]);
    const rows: CompactEventRow[] = [];
    for (let c = 1; c <= channels; c += 1)
      for (let t = from; t < to; t += HOUR) rows.push(row(c * 100_000 + t / HOUR, c, t, t + HOUR));
    return rows;
  };
  return { reads, read };
}

describe('toBlock', () => {
  it("keeps each programme's JSON up to its images, and what a window filters and adds", () => {
    const rows = [
      row(1, 3, 0, HOUR, { packageId: 7, ppvPriceCents: 500, title: '100% cine: Año ñandú' }),
      row(2, 3, HOUR, 2 * HOUR),
    ];
    const block = toBlock(rows, 0);
    expect(block.count).toBe(2);
    expect(`${headOf(block, 0)}}`).toBe(JSON.stringify(eventStatic(rows[0] as CompactEventRow)));
    expect(`${headOf(block, 1)}}`).toBe(JSON.stringify(eventStatic(rows[1] as CompactEventRow)));
    expect([...block.packageId]).toEqual([7, -1]);
    expect([...block.ppv]).toEqual([1, 0]);
    expect([...block.start]).toEqual([0, HOUR]);
  });
});

describe('eventHeadJson', () => {
  it("writes what JSON.stringify(eventStatic(row)) gives, whatever the row's texts, genres and picture", () => {
    const rows = [
      row(1, 3, 0, HOUR),
      row(2, 3, HOUR, 2 * HOUR, {
        title: '  100%  cine:  "Año"  ñandú \\ \u2028 ',
        subtitle: 'T1 E2',
        description: 'línea\nnueva\t<b>',
      }),
      row(3, 4, 0, HOUR, { genreId: 0, sectionId: 12, parental: 7, imageUrl: 'http://img.example/p 1.jpg?x=1&y="2"' }),
      row(4, 4, HOUR, 3 * HOUR, { genreId: 501, sectionId: null, imageUrl: 'https://img.example/p.png' }),
      row(5, 4, 3 * HOUR, 4 * HOUR, {
        genreId: null,
        sectionId: 0,
        subtitle: null as unknown as string,
        description: '',
      }),
      row(6, 9, 0, HOUR, { title: '\ud83d\ude00 emoji % 😀', description: '\u0000\u001f' }),
    ];
    for (const r of rows) expect(`${eventHeadJson(r)}}`).toBe(JSON.stringify(eventStatic(r)));
  });
});

describe('WindowBlocks', () => {
  it('reads each block once, in time order, and only the blocks the starts fall in', async () => {
    const g = guide(2);
    const blocks = new WindowBlocks(g.read, 1000);
    const a = await blocks.covering('1', BLOCK_MS - HOUR, BLOCK_MS + HOUR);
    expect(a?.map((b) => b.start[0])).toEqual([0, BLOCK_MS]);
    await blocks.covering('1', BLOCK_MS, 2 * BLOCK_MS);
    expect(g.reads).toEqual([
      [0, BLOCK_MS],
      [BLOCK_MS, 2 * BLOCK_MS],
    ]);
    expect(await blocks.covering('1', 5, 5)).toEqual([]);
  });

  it('has windows that must read blocks read them in turn, in the order asked; a window of held blocks waits for none', async () => {
    const g = guide(2);
    let reading = 0;
    let most = 0;
    const order: number[] = [];
    const blocks = new WindowBlocks(async (from, to) => {
      reading += 1;
      most = Math.max(most, reading);
      order.push(from / BLOCK_MS);
      // A read that lets others run meanwhile, as the database's pieces do.
      for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
      reading -= 1;
      return g.read(from, to);
    }, 1000);
    // A busy server's queue of windows sweeping the hours, each a block of its own.
    const windows = [0, 1, 2, 3, 4, 5].map((b) => blocks.covering('1', b * BLOCK_MS, b * BLOCK_MS + HOUR));
    const held = blocks.covering('1', 0, HOUR);
    expect((await Promise.all(windows)).map((w) => w?.[0]?.from)).toEqual([0, 1, 2, 3, 4, 5].map((b) => b * BLOCK_MS));
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await held)?.[0]?.from).toBe(0);
    expect(g.reads).toHaveLength(6);
    // A held window is answered while another window's block is still being read.
    const slow = blocks.covering('1', 9 * BLOCK_MS, 9 * BLOCK_MS + HOUR);
    expect((await blocks.covering('1', 0, HOUR))?.[0]?.from).toBe(0);
    expect(reading).toBe(1);
    await slow;
  });

  it('reads again when the guide version changes', async () => {
    const g = guide(1);
    const blocks = new WindowBlocks(g.read, 1000);
    await blocks.covering('1', 0, HOUR);
    await blocks.covering('2', 0, HOUR);
    await blocks.covering('2', 0, HOUR);
    expect(g.reads).toHaveLength(2);
  });

  it('answers null to a version older than the one held, keeping the newer blocks', async () => {
    const g = guide(1);
    const blocks = new WindowBlocks(g.read, 1000);
    await blocks.covering('9', 0, HOUR);
    expect(await blocks.covering('10', 0, HOUR)).not.toBeNull();
    expect(await blocks.covering('9', 0, HOUR)).toBeNull();
    await blocks.covering('10', 0, HOUR);
    expect(g.reads).toHaveLength(2);
  });

  it('holds at most its budget, the least recently used block leaving first', async () => {
    const g = guide(2); // 6 programmes per block
    const blocks = new WindowBlocks(g.read, 12);
    await blocks.covering('1', 0, 1); // block 0
    await blocks.covering('1', BLOCK_MS, BLOCK_MS + 1); // block 1
    await blocks.covering('1', 0, 1); // block 0 used again
    await blocks.covering('1', 2 * BLOCK_MS, 2 * BLOCK_MS + 1); // block 2: block 1 leaves
    g.reads.length = 0;
    await blocks.covering('1', 0, 1);
    await blocks.covering('1', 2 * BLOCK_MS, 2 * BLOCK_MS + 1);
    expect(g.reads).toEqual([]);
    await blocks.covering('1', BLOCK_MS, BLOCK_MS + 1);
    expect(g.reads).toEqual([[BLOCK_MS, 2 * BLOCK_MS]]);
  });

  it('answers null for a window whose blocks would not fit, and never holds a block larger than the budget', async () => {
    const g = guide(10); // 30 programmes per block
    const blocks = new WindowBlocks(g.read, 50);
    expect(await blocks.covering('1', 0, 2 * BLOCK_MS)).toBeNull();
    expect(g.reads).toHaveLength(2);
    // The largest block read says it at once now.
    expect(await blocks.covering('1', 0, 2 * BLOCK_MS)).toBeNull();
    expect(g.reads).toHaveLength(2);
    // Block 0 made room for block 1, the one read last.
    expect((await blocks.covering('1', 0, BLOCK_MS))?.[0]?.count).toBe(30);
    expect(g.reads).toHaveLength(3);
    const small = new WindowBlocks(g.read, 20);
    expect(await small.covering('1', 0, 1)).toBeNull();
    expect(await small.covering('1', 0, 1)).toBeNull();
    expect(g.reads).toHaveLength(4);
  });

  it('stops reading at the block that overflows, even after a sparse first block', async () => {
    const reads: number[] = [];
    const blocks = new WindowBlocks(async (from) => {
      reads.push(from / BLOCK_MS);
      const rows = from === 0 ? 1 : 30;
      return Array.from({ length: rows }, (_, i) => row(from + i, i + 1, from + i, from + i + 1));
    }, 50);
    await blocks.covering('1', 0, 1);
    expect(await blocks.covering('1', BLOCK_MS, 6 * BLOCK_MS)).toBeNull();
    expect(reads).toEqual([0, 1, 2]);
  });

  it('a failed read is not kept: the next window reads again', async () => {
    let fail = true;
    const g = guide(1);
    const blocks = new WindowBlocks(async (from, to) => {
      if (fail) throw new Error('database down');
      return g.read(from, to);
    }, 100);
    await expect(blocks.covering('1', 0, 1)).rejects.toThrow('database down');
    fail = false;
    expect((await blocks.covering('1', 0, 1))?.[0]?.count).toBe(3);
  });
});

describe('WindowBlocks reading ahead', () => {
  /** Lets background reads run until `done` holds (bounded). */
  async function until(done: () => boolean): Promise<void> {
    for (let i = 0; i < 100 && !done(); i += 1) await new Promise((resolve) => setImmediate(resolve));
  }

  it("reads the block after a window's last one, so the next window over it reads nothing", async () => {
    const g = guide(2);
    const blocks = new WindowBlocks(g.read, 1000, true);
    await blocks.covering('1', BLOCK_MS - HOUR, BLOCK_MS + HOUR);
    await until(() => g.reads.length === 3);
    await until(() => false); // the read under way finishes
    expect(g.reads.map(([from]) => from / BLOCK_MS)).toEqual([0, 1, 2]);
    const next = await blocks.covering('1', 2 * BLOCK_MS - HOUR, 2 * BLOCK_MS + HOUR);
    expect(next?.map((b) => b.from / BLOCK_MS)).toEqual([1, 2]);
    await until(() => g.reads.length === 4);
    // Block 2 was not read again: the window found it held, and block 3 is read ahead in turn.
    expect(g.reads.map(([from]) => from / BLOCK_MS)).toEqual([0, 1, 2, 3]);
  });

  it('reads ahead only once no window waits for a read', async () => {
    const g = guide(2);
    const order: number[] = [];
    const blocks = new WindowBlocks(
      async (from, to) => {
        order.push(from / BLOCK_MS);
        await new Promise((resolve) => setImmediate(resolve));
        return g.read(from, to);
      },
      1000,
      true,
    );
    await Promise.all([blocks.covering('1', 0, HOUR), blocks.covering('1', 5 * BLOCK_MS, 5 * BLOCK_MS + HOUR)]);
    await until(() => order.length === 3);
    expect(order).toEqual([0, 5, 6]);
  });

  it('reads nothing ahead that would not fit beside the window, nor without being asked to', async () => {
    const tight = guide(2); // 6 programmes per block
    await new WindowBlocks(tight.read, 12, true).covering('1', 0, 2 * BLOCK_MS);
    const off = guide(2);
    await new WindowBlocks(off.read, 1000).covering('1', 0, HOUR);
    await until(() => tight.reads.length > 2 || off.reads.length > 1);
    expect(tight.reads).toHaveLength(2);
    expect(off.reads).toHaveLength(1);
  });
});

describe('cutWindow', () => {
  /** Each programme's tail names its block and row, so the test sees every tail land on its own programme. */
  const tail = (block: Block, i: number) =>
    Buffer.from(`,"format":"STILL","ppv":false,"access":{"n":${i},"b":${block.from / BLOCK_MS}}}`);

  /** Rows of three channels over two blocks, some overlapping, with accents; by channel then start. */
  function blocksOf() {
    const rows: CompactEventRow[] = [];
    let id = 1;
    for (const channelId of [2, 5, 9]) {
      for (let t = 0; t < 2 * BLOCK_MS; t += HOUR / 2)
        rows.push(row(id++, channelId, t, t + (id % 3 === 0 ? 2 * HOUR : HOUR / 2), { title: `Canción ${id} — ñ` }));
    }
    const inBlock = (k: number) =>
      rows
        .filter((r) => Math.floor(r.startTime / BLOCK_MS) === k)
        .sort((a, b) => a.channelId - b.channelId || a.startTime - b.startTime);
    return { rows, inBlock, blocks: [toBlock(inBlock(0), 0), toBlock(inBlock(1), BLOCK_MS)] };
  }

  it('answers what filtering the rows gives, by channel then start, each with its own tail, for any window and channel list', () => {
    const { rows, inBlock, blocks } = blocksOf();
    const json = (r: CompactEventRow) => {
      const k = Math.floor(r.startTime / BLOCK_MS);
      return { ...eventStatic(r), format: 'STILL', ppv: false, access: { n: inBlock(k).indexOf(r), b: k } };
    };
    const cases: [number, number, number, Set<number> | null][] = [
      [0, 2 * BLOCK_MS, 0, null],
      [BLOCK_MS - 2 * HOUR, BLOCK_MS + HOUR, BLOCK_MS - HOUR, null],
      [HOUR, 2 * HOUR, HOUR + 1, new Set([5])],
      [BLOCK_MS - HOUR, BLOCK_MS + 7, BLOCK_MS, new Set([2, 9, 77])],
      [3, 4, 3, null],
    ];
    for (const [from, to, after, channels] of cases) {
      const expected = rows
        .filter(
          (r) =>
            r.startTime >= from && r.startTime < to && r.endTime > after && (!channels || channels.has(r.channelId)),
        )
        .sort((a, b) => a.channelId - b.channelId || a.startTime - b.startTime)
        .map(json);
      const used = blocks.filter((b) => b.from + BLOCK_MS > from && b.from < to);
      const text = cutWindow(used, tail, { from, to, after, channels }).toString();
      expect(JSON.parse(text)).toEqual({ resources: expected });
    }
    expect(cutWindow([], tail, { from: 0, to: 1, after: 0, channels: null }).toString()).toBe('{"resources":[]}');
  });

  it("leaves out what a kids profile's level does not reach", () => {
    const rated = [
      row(1, 1, 0, HOUR, { parental: 3 }),
      row(2, 1, HOUR, 2 * HOUR, { parental: 6 }),
      row(3, 2, 0, HOUR, { genreId: 0, sectionId: null }),
    ];
    const block = toBlock(rated, 0);
    const ids = (maxRating?: number) =>
      (
        JSON.parse(
          cutWindow([block], tail, {
            from: 0,
            to: BLOCK_MS,
            after: 0,
            channels: null,
            ...(maxRating === undefined ? {} : { maxRating }),
          }).toString(),
        ) as { resources: { id: number }[] }
      ).resources.map((e) => e.id);
    expect(ids()).toEqual([1, 2, 3]);
    expect(ids(4)).toEqual([1, 3]);
  });
});
