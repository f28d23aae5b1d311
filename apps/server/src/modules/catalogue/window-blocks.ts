import { GENRE_ADULT } from '@pantalla/contracts';
import type { CompactEventRow } from './guide.repository';
import { eventHeadJson } from './mappers';

/** Hours of programmes, by start, that one block holds. */
export const BLOCK_MS = 3 * 3_600_000;
/**
 * Programmes held across blocks at most (about half a kilobyte each, so some 45 MB): at
 * 10,000 channels a block holds about 22,000, a one-hour window needs two and the next one is
 * read ahead, three in all with room for larger blocks (a budget of 40,000 sent every window
 * there to the database). Larger guides read the database each time.
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

/** A programme's rating as a kids profile sees it: 7 (never) in the adult section, else its own. */
function kidsRatingOf(row: CompactEventRow): number {
  if (row.genreId === GENRE_ADULT || row.sectionId === GENRE_ADULT) return 7;
  return Math.max(0, Math.min(7, row.parental));
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
      const head = eventHeadJson(row);
      heads[i] = head;
      offsets[i + 1] = (offsets[i] as number) + Buffer.byteLength(head);
    }
  };
  const finish = (): Block => {
    const bytes = Buffer.allocUnsafe(offsets[n] as number);
    heads.forEach((head, i) => bytes.write(head, offsets[i] as number, 'utf8'));
    return { ...block, from, bytes };
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
const COMMA = 0x2c;

/**
 * The window's answer, `{"resources":[...]}`, from blocks in time order: each programme's
 * head from its block and its tail (format, pay-per-view, access, the closing brace) from
 * `tailOf`, which depends on the viewer and the time. Each block is by channel then start, so
 * taking each channel from every block in turn keeps the order of the query (by channel,
 * then start). Written straight into the answer: a block rendered whole for a viewer and kept
 * (15 MB each at 10,000 channels) held a fifth of the server's memory during an import under
 * viewers and copied every programme twice (issue 31, item 9).
 */
export function cutWindow(
  blocks: readonly Block[],
  tailOf: (block: Block, i: number) => Buffer,
  cut: WindowCut,
): Buffer {
  const chosenBlock: number[] = [];
  const chosenRow: number[] = [];
  const tails: Buffer[] = [];
  let size = 0;
  const at = blocks.map(() => 0);
  const maxRating = cut.maxRating ?? 7;
  for (;;) {
    let channelId = Infinity;
    for (let k = 0; k < blocks.length; k += 1) {
      const b = blocks[k] as Block;
      const i = at[k] as number;
      if (i < b.count && (b.channelId[i] as number) < channelId) channelId = b.channelId[i] as number;
    }
    if (channelId === Infinity) break;
    const wanted = cut.channels === null || cut.channels.has(channelId);
    for (let k = 0; k < blocks.length; k += 1) {
      const b = blocks[k] as Block;
      let i = at[k] as number;
      for (; i < b.count && b.channelId[i] === channelId; i += 1) {
        const start = b.start[i] as number;
        if (!wanted || start < cut.from || start >= cut.to || (b.end[i] as number) <= cut.after) continue;
        if ((b.kidsRating[i] as number) > maxRating) continue;
        const tail = tailOf(b, i);
        size += (b.offsets[i + 1] as number) - (b.offsets[i] as number) + tail.length + 1;
        chosenBlock.push(k);
        chosenRow.push(i);
        tails.push(tail);
      }
      at[k] = i;
    }
  }
  if (tails.length === 0) return Buffer.from(EMPTY);
  // The last programme's comma becomes the closing bracket, and a brace follows.
  const out = Buffer.allocUnsafe(OPEN.length + size + 1);
  let pos = OPEN.copy(out, 0);
  for (let n = 0; n < tails.length; n += 1) {
    const { bytes, offsets } = blocks[chosenBlock[n] as number] as Block;
    const i = chosenRow[n] as number;
    const a = offsets[i] as number;
    const z = offsets[i + 1] as number;
    // TypedArray set over a plain view: Buffer's copy checks and wraps each call.
    out.set(new Uint8Array(bytes.buffer, bytes.byteOffset + a, z - a), pos);
    pos += z - a;
    const tail = tails[n] as Buffer;
    out.set(tail, pos);
    pos += tail.length;
    out[pos] = COMMA;
    pos += 1;
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
    /** Whether a window's next block is read once nothing waits (see readAhead). */
    private readonly ahead = false,
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
    const answer = this.allHeld(version, from, to)
      ? this.coveringNow(version, from, to)
      : this.inTurn(() => this.coveringNow(version, from, to));
    return answer.then((blocks) => {
      if (blocks && to > from) this.readAhead(version, from, to);
      return blocks;
    });
  }

  /** Reads waiting their turn, the one under way included. */
  private queued = 0;

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    this.queued += 1;
    const turn = this.reading.then(work).finally(() => (this.queued -= 1));
    this.reading = turn.catch(() => undefined);
    return turn;
  }

  /**
   * The block after a window's last one, read once no window waits for a read: viewers move
   * forward in time (the guide scrolled, the calendar's days), and at 10,000 channels a block
   * read on demand kept the window that needed it waiting a third of a second (issue 31,
   * item 9). Only when it fits beside the window's blocks, so it never pushes out what the
   * window and its neighbours use.
   */
  private readAhead(version: string, from: number, to: number): void {
    const first = Math.floor(from / BLOCK_MS);
    const next = Math.floor((to - 1) / BLOCK_MS) + 1;
    if (!this.ahead || this.queued > 0 || version !== this.version || this.blocks.has(next)) return;
    if ((next - first + 1) * this.largest > this.budget) return;
    void this.inTurn(async () => {
      if (version === this.version && !this.blocks.has(next)) await this.block(next, version);
    }).catch(() => undefined);
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
