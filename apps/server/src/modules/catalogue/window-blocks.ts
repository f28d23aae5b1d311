import { GENRE_ADULT } from '@pantalla/contracts';
import type { CompactEventRow } from './guide.repository';
import { eventStatic } from './mappers';

/** Hours of programmes, by start, that one block holds. */
export const BLOCK_MS = 3 * 3_600_000;
/**
 * Programmes held across blocks at most (about half a kilobyte each, so some 45 MB): at
 * 10,000 channels a block holds about 22,000 and a one-hour window needs two, which a budget
 * of 40,000 refused, so every window there was read from the database and mapped row by row.
 * Larger guides read the database each time.
 */
export const BLOCK_ROWS_BUDGET = 90_000;

/**
 * Every channel's programmes starting in one block of time, by channel and start: what a
 * window needs to filter and place them, and each one's JSON up to its images, which
 * depends on nothing but the programme.
 */
export interface Block {
  /** Where the block starts: it holds the programmes starting in [from, from + BLOCK_MS). */
  readonly from: number;
  /**
   * This reading of the block, unique in the process: renderings are keyed by it, since the
   * same block read again (after an import, an eviction) may hold other programmes under the
   * same guide version as a viewer's reference tells it.
   */
  readonly serial: number;
  readonly count: number;
  readonly channelId: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** The programme's own package, or -1 when it is its channel's. */
  readonly packageId: Int32Array;
  readonly ppv: Uint8Array;
  /** The rating a kids profile compares with its level: the programme's, 7 in the adult section (issue 30). */
  readonly kidsRating: Uint8Array;
  /** Each programme's JSON up to its images (no closing brace), in UTF-8, at offsets[i]..offsets[i + 1]. */
  readonly bytes: Buffer;
  readonly offsets: Uint32Array;
}

/** A programme's JSON up to its images, as text. */
export function headOf(block: Block, i: number): string {
  return block.bytes.toString('utf8', block.offsets[i], block.offsets[i + 1]);
}

let serials = 0;

/** A programme's rating as a kids profile sees it: 7 (never) in the adult section, else its own. */
function kidsRatingOf(row: CompactEventRow): number {
  if (row.genreId === GENRE_ADULT || row.sectionId === GENRE_ADULT) return 7;
  return Math.max(0, Math.min(7, row.parental));
}

/** A block's columns without its reading's serial: what a reader thread sends. */
export type BlockColumns = Omit<Block, 'serial'>;

/** A block read elsewhere (a reader thread) made this process's own reading, with a serial of this process. */
export function adoptBlock(columns: BlockColumns): Block {
  serials += 1;
  return { ...columns, serial: serials };
}

/** Rows encoded between two turns of the event loop when a block is built for requests. */
const SLICE_ROWS = 2000;

export function toBlock(rows: readonly CompactEventRow[], from: number): Block {
  return blockOf(rows, from, () => undefined);
}

/** toBlock, letting requests run every few thousand rows (a block at 10,000 channels takes a core's tenth of a second). */
export function toBlockYielding(rows: readonly CompactEventRow[], from: number): Promise<Block> {
  return blockOf(rows, from, () => new Promise<void>((resolve) => setImmediate(resolve)));
}

function blockOf(rows: readonly CompactEventRow[], from: number, pause: () => undefined): Block;
function blockOf(rows: readonly CompactEventRow[], from: number, pause: () => Promise<void>): Promise<Block>;
function blockOf(
  rows: readonly CompactEventRow[],
  from: number,
  pause: () => Promise<void> | undefined,
): Block | Promise<Block> {
  const n = rows.length;
  const heads = new Array<string>(n);
  const offsets = new Uint32Array(n + 1);
  const block = {
    count: n,
    channelId: new Int32Array(n),
    start: new Float64Array(n),
    end: new Float64Array(n),
    packageId: new Int32Array(n),
    ppv: new Uint8Array(n),
    kidsRating: new Uint8Array(n),
    offsets,
  };
  const encode = (a: number, z: number) => {
    for (let i = a; i < z; i += 1) {
      const row = rows[i] as CompactEventRow;
      block.channelId[i] = row.channelId;
      block.start[i] = row.startTime;
      block.end[i] = row.endTime;
      block.packageId[i] = row.packageId ?? -1;
      block.ppv[i] = row.ppvPriceCents === null ? 0 : 1;
      block.kidsRating[i] = kidsRatingOf(row);
      const head = JSON.stringify(eventStatic(row)).slice(0, -1);
      heads[i] = head;
      offsets[i + 1] = (offsets[i] as number) + Buffer.byteLength(head);
    }
  };
  const finish = (): Block => {
    const bytes = Buffer.allocUnsafe(offsets[n] as number);
    heads.forEach((head, i) => bytes.write(head, offsets[i] as number, 'utf8'));
    serials += 1;
    return { ...block, from, serial: serials, bytes };
  };
  const first = pause();
  if (first === undefined) {
    encode(0, n);
    return finish();
  }
  return (async () => {
    await first;
    for (let a = 0; a < n; a += SLICE_ROWS) {
      if (a > 0) await pause();
      encode(a, Math.min(n, a + SLICE_ROWS));
    }
    return finish();
  })();
}

/** A block as one viewer sees it at one time: each programme's whole JSON and a comma, at offsets[i]..offsets[i + 1]. */
export interface RenderedBlock {
  readonly bytes: Buffer;
  readonly offsets: Uint32Array;
}

const COMMA = 0x2c;

/** Each programme's bytes, its tail (format, pay-per-view, access, the closing brace) and a comma. */
export function renderBlock(block: Block, tailOf: (i: number) => Buffer): RenderedBlock {
  const n = block.count;
  const tails = new Array<Buffer>(n);
  const offsets = new Uint32Array(n + 1);
  for (let i = 0; i < n; i += 1) {
    const tail = tailOf(i);
    tails[i] = tail;
    offsets[i + 1] =
      (offsets[i] as number) + ((block.offsets[i + 1] as number) - (block.offsets[i] as number)) + tail.length + 1;
  }
  const bytes = Buffer.allocUnsafe(offsets[n] as number);
  for (let i = 0; i < n; i += 1) {
    const at =
      block.bytes.copy(bytes, offsets[i] as number, block.offsets[i], block.offsets[i + 1]) + (offsets[i] as number);
    (tails[i] as Buffer).copy(bytes, at);
    bytes[(offsets[i + 1] as number) - 1] = COMMA;
  }
  return { bytes, offsets };
}

/** What a window asks for: programmes starting in [from, to) that end after `after`, of these channels (null: all). */
export interface WindowCut {
  from: number;
  to: number;
  after: number;
  channels: ReadonlySet<number> | null;
  /** A kids profile's highest rating: programmes rated above it are left out (absent: none are). */
  maxRating?: number;
}

const OPEN = Buffer.from('{"resources":[');
const EMPTY = Buffer.from('{"resources":[]}');

/**
 * The window's answer, `{"resources":[...]}`, from blocks in time order and their renderings.
 * Each block is by channel then start, so taking each channel from every block in turn keeps
 * the order of the query (by channel, then start); programmes next to each other in a
 * rendering and in the answer are copied in one run.
 */
export function cutWindow(blocks: readonly Block[], rendered: readonly RenderedBlock[], cut: WindowCut): Buffer {
  const runBlock: number[] = [];
  const runStart: number[] = [];
  const runEnd: number[] = [];
  let size = 0;
  const at = blocks.map(() => 0);
  for (;;) {
    let channelId = Infinity;
    for (let k = 0; k < blocks.length; k += 1) {
      const b = blocks[k] as Block;
      const i = at[k] as number;
      if (i < b.count && (b.channelId[i] as number) < channelId) channelId = b.channelId[i] as number;
    }
    if (channelId === Infinity) break;
    const wanted = cut.channels === null || cut.channels.has(channelId);
    const maxRating = cut.maxRating ?? 7;
    for (let k = 0; k < blocks.length; k += 1) {
      const b = blocks[k] as Block;
      const offsets = (rendered[k] as RenderedBlock).offsets;
      let i = at[k] as number;
      for (; i < b.count && b.channelId[i] === channelId; i += 1) {
        const start = b.start[i] as number;
        if (!wanted || start < cut.from || start >= cut.to || (b.end[i] as number) <= cut.after) continue;
        if ((b.kidsRating[i] as number) > maxRating) continue;
        size += (offsets[i + 1] as number) - (offsets[i] as number);
        const last = runEnd.length - 1;
        if (last >= 0 && runBlock[last] === k && runEnd[last] === i) runEnd[last] = i + 1;
        else {
          runBlock.push(k);
          runStart.push(i);
          runEnd.push(i + 1);
        }
      }
      at[k] = i;
    }
  }
  if (runEnd.length === 0) return Buffer.from(EMPTY);
  // The last programme's comma becomes the closing bracket, and a brace follows.
  const out = Buffer.allocUnsafe(OPEN.length + size + 1);
  let pos = OPEN.copy(out, 0);
  for (let r = 0; r < runEnd.length; r += 1) {
    const { bytes, offsets } = rendered[runBlock[r] as number] as RenderedBlock;
    const a = offsets[runStart[r] as number] as number;
    const z = offsets[runEnd[r] as number] as number;
    // TypedArray set over a plain view: Buffer's copy checks and wraps each call.
    out.set(new Uint8Array(bytes.buffer, bytes.byteOffset + a, z - a), pos);
    pos += z - a;
  }
  out[pos - 1] = 0x5d;
  out[pos] = 0x7d;
  return out;
}

/**
 * Blocks of the guide, kept while the guide's version stays and they fit the budget, oldest
 * read first out. A new time window then filters blocks in memory instead of asking the
 * database; a window whose blocks would not fit is answered by the caller's query.
 */
export class WindowBlocks {
  private readonly blocks = new Map<number, Promise<Block>>();
  private readonly sizes = new Map<number, number>();
  private held = 0;
  private version: string | null = null;
  /** Rows in the largest block read of this version: a window of more blocks than fit is not read. */
  private largest = 0;
  /** Reads and encodes a whole block elsewhere (a reader thread), when one is given. */
  private readBlock: ((from: number, to: number) => Promise<Block>) | null = null;

  constructor(
    private readonly read: (from: number, to: number) => Promise<CompactEventRow[]>,
    private readonly budget = BLOCK_ROWS_BUDGET,
  ) {}

  /** Blocks are read and encoded by `reader` from now on (null: on this thread, through `read`). */
  readBlocksWith(reader: ((from: number, to: number) => Promise<Block>) | null): void {
    this.readBlock = reader;
  }

  /** The last window that reads blocks: the next one starts reading after it (see covering). */
  private reading: Promise<unknown> = Promise.resolve();

  /**
   * The blocks holding every start in [from, to), in time order, or null when they would
   * not fit or the version is older than the one held. Blocks are read one after the other, so a window too large stops at the block
   * that overflows the budget instead of reading them all.
   *
   * A window whose blocks are all held (or being read) is answered at once; one that must
   * read a block waits for the windows asked before it (issue 31, item 9). Read side by
   * side, the windows of a busy server (viewers sweeping the week's hours, a queue of them)
   * each read their own blocks, which pushed out the ones the next windows needed: at
   * 10,000 channels the server's thread spent two thirds of its time reading and encoding
   * blocks, fell behind and never caught up. In turn, neighbouring windows share theirs.
   */
  covering(version: string, from: number, to: number): Promise<Block[] | null> {
    if (this.allHeld(version, from, to)) return this.coveringNow(version, from, to);
    const turn = this.reading.then(() => this.coveringNow(version, from, to));
    this.reading = turn.catch(() => undefined);
    return turn;
  }

  /** Whether every block of [from, to) is held (or being read) for this version: nothing new to read. */
  private allHeld(version: string, from: number, to: number): boolean {
    if (version !== this.version || to <= from) return false;
    for (let index = Math.floor(from / BLOCK_MS); index <= Math.floor((to - 1) / BLOCK_MS); index += 1)
      if (!this.blocks.has(index)) return false;
    return true;
  }

  private async coveringNow(version: string, from: number, to: number): Promise<Block[] | null> {
    // A request that read the version before an import's batch must not throw away the
    // newer blocks (during an import, requests of two versions alternate): it asks the database.
    if (this.version !== null && Number(version) < Number(this.version)) return null;
    if (version !== this.version) this.clear(version);
    if (to <= from) return [];
    const first = Math.floor(from / BLOCK_MS);
    const last = Math.floor((to - 1) / BLOCK_MS);
    if ((last - first + 1) * this.largest > this.budget) return null;
    const blocks: Block[] = [];
    let rows = 0;
    for (let index = first; index <= last; index += 1) {
      const block = await this.block(index, version);
      rows += block.count;
      if (rows > this.budget) return null;
      blocks.push(block);
    }
    return blocks;
  }

  private block(index: number, version: string): Promise<Block> {
    const held = this.blocks.get(index);
    if (held) {
      // Most recently used last, so eviction takes the oldest.
      this.blocks.delete(index);
      this.blocks.set(index, held);
      return held;
    }
    const from = index * BLOCK_MS;
    const loading = this.readBlock
      ? this.readBlock(from, from + BLOCK_MS)
      : this.read(from, from + BLOCK_MS).then((rows) => toBlockYielding(rows, from));
    this.blocks.set(index, loading);
    loading.then(
      (block) => {
        if (this.version !== version || this.blocks.get(index) !== loading) return;
        this.largest = Math.max(this.largest, block.count);
        if (block.count > this.budget) {
          this.blocks.delete(index);
          return;
        }
        this.sizes.set(index, block.count);
        this.held += block.count;
        this.evict(index);
      },
      () => {
        if (this.blocks.get(index) === loading) this.blocks.delete(index);
      },
    );
    return loading;
  }

  private evict(keep: number): void {
    for (const index of this.blocks.keys()) {
      if (this.held <= this.budget) return;
      if (index === keep) continue;
      this.blocks.delete(index);
      this.held -= this.sizes.get(index) ?? 0;
      this.sizes.delete(index);
    }
  }

  private clear(version: string): void {
    this.blocks.clear();
    this.sizes.clear();
    this.held = 0;
    this.largest = 0;
    this.version = version;
  }
}
