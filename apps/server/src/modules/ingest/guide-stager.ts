import type { ImportProgramme } from '../catalogue';
import { fileBytes, type ByteSource, type SizeLimits } from './byte-source';
import { toProgramme } from './ingest.service';
import { readXmltvBatches } from './parsers/xmltv-batches';

/** Programmes of unmatched guide ids held per import: past it the rest are not staged (a later import stages them again). */
export const STAGE_MAX = 20_000;
/** Chunks the second reader may fall behind the import before the import waits for it. */
const QUEUE_MAX = 16;

/** An unmatched programme as staged. */
export interface StagedProgramme {
  guideId: string;
  line: number;
  programme: ImportProgramme;
}

/** A bounded hand-over of a file's chunks from the import's reader to a second reader. */
class ChunkQueue implements AsyncIterable<Uint8Array | string> {
  private items: (Uint8Array | string)[] = [];
  private ended = false;
  private closed = false;
  private wake: (() => void) | null = null;
  private space: (() => void) | null = null;

  async push(chunk: Uint8Array | string): Promise<void> {
    if (this.closed) return;
    this.items.push(chunk);
    this.wake?.();
    while (this.items.length > QUEUE_MAX && !this.closed) await new Promise<void>((resolve) => (this.space = resolve));
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  /** The second reader gave up: pushes return at once from now on. */
  close(): void {
    this.closed = true;
    this.items = [];
    this.space?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array | string> {
    for (;;) {
      const next = this.items.shift();
      if (next !== undefined) {
        this.space?.();
        this.space = null;
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}

/**
 * Counts a file's bytes as the import reads them and, for a guide, reads it a second time on
 * the way (the import's parser may be in another thread, and its writer keeps nothing of
 * channels it cannot match): the programmes whose guide id no channel carries are kept so
 * an operator's mapping can attach them later without the file.
 */
export class GuideStager {
  bytes = 0;
  private readonly queue = new ChunkQueue();
  private readonly collected: Promise<StagedProgramme[]>;

  /** `declaredToo`: channels the file declares are staged as well (an import that keeps unmatched guide channels aside). */
  constructor(
    private readonly guide: boolean,
    carried: ReadonlySet<string>,
    limits: SizeLimits,
    private readonly declaredToo = false,
    /** The source's guide shift: staged programmes are written as the import would have. */
    private readonly shiftMinutes = 0,
  ) {
    this.collected = guide ? this.collect(carried, limits).catch(() => (this.queue.close(), [])) : Promise.resolve([]);
  }

  /** The file as the import reads it. */
  async *wrap(source: ByteSource): AsyncGenerator<Uint8Array | string> {
    try {
      for await (const chunk of source) {
        this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
        if (this.guide) await this.queue.push(chunk);
        yield chunk;
      }
    } finally {
      this.queue.end();
    }
  }

  /** The candidates once the file is read: programmes of guide ids no channel carried before the import (nor the file declared, unless declaredToo). */
  async programmes(): Promise<StagedProgramme[]> {
    this.queue.end();
    return this.collected;
  }

  private async collect(carried: ReadonlySet<string>, limits: SizeLimits): Promise<StagedProgramme[]> {
    const out: StagedProgramme[] = [];
    const declared = new Set<string>();
    for await (const batch of readXmltvBatches(fileBytes(this.queue, limits), { batchSize: 2000 })) {
      for (const c of batch.channels) declared.add(c.id);
      for (const p of batch.programmes) {
        if (out.length >= STAGE_MAX || carried.has(p.channel) || (!this.declaredToo && declared.has(p.channel)))
          continue;
        const shift = this.shiftMinutes * 60_000;
        const moved = shift ? { ...p, start: p.start + shift, stop: p.stop + shift } : p;
        out.push({ guideId: p.channel, line: p.line, programme: toProgramme(moved) });
      }
    }
    return out;
  }
}
