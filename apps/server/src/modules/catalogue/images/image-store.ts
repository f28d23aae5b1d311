import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageType } from './sniff';

/** What we know of a stored copy: enough to serve it and to ask the remote server whether it changed. */
export interface StoredMeta {
  url: string;
  type: ImageType;
  /** The remote server's validators, sent back when the copy is revalidated. */
  etag: string | null;
  lastModified: string | null;
  /** When the remote server last confirmed or sent the copy (ms). */
  checkedAt: number;
  /** SHA-256 of the bytes: the ETag we give browsers. */
  digest: string;
}

export interface StoredImage {
  meta: StoredMeta;
  bytes: Buffer;
}

/**
 * Fetched pictures on disk under DATA_DIR, one file each (a length, a JSON header, the
 * bytes), written to a temporary name and renamed so a reader (another process sharing the
 * folder too) never sees half a file. Past maxBytes the least recently served are removed.
 * The sizes and last uses are known to this process only: processes that share the folder
 * each keep it under the cap as far as they know it.
 */
export class ImageStore {
  private index: Map<string, { size: number; usedAt: number }> | null = null;
  private total = 0;
  private evicting = false;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly now: () => number,
  ) {}

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.img`);
  }

  private async loaded(): Promise<Map<string, { size: number; usedAt: number }>> {
    if (this.index) return this.index;
    const index = new Map<string, { size: number; usedAt: number }>();
    const shards = await readdir(this.dir).catch(() => [] as string[]);
    for (const shard of shards) {
      const names = await readdir(path.join(this.dir, shard)).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.img'))) {
        const info = await stat(path.join(this.dir, shard, name)).catch(() => null);
        if (info) index.set(name.slice(0, -4), { size: info.size, usedAt: info.mtimeMs });
      }
    }
    this.index ??= index;
    this.total = [...this.index.values()].reduce((sum, e) => sum + e.size, 0);
    return this.index;
  }

  async get(key: string): Promise<StoredImage | null> {
    const index = await this.loaded();
    let data: Buffer;
    try {
      data = await readFile(this.file(key));
    } catch {
      return null;
    }
    const headerLength = data.length >= 4 ? data.readUInt32BE(0) : 0;
    let meta: StoredMeta;
    try {
      meta = JSON.parse(data.subarray(4, 4 + headerLength).toString('utf8')) as StoredMeta;
    } catch {
      return null;
    }
    const entry = index.get(key);
    if (entry) entry.usedAt = this.now();
    else this.add(key, data.length);
    return { meta, bytes: data.subarray(4 + headerLength) };
  }

  async put(key: string, image: StoredImage): Promise<void> {
    const index = await this.loaded();
    const header = Buffer.from(JSON.stringify(image.meta), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    const data = Buffer.concat([length, header, image.bytes]);
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
    const before = index.get(key);
    if (before) this.total -= before.size;
    this.add(key, data.length);
    await this.evict();
  }

  /** Bytes held, as this process knows them. */
  async size(): Promise<number> {
    await this.loaded();
    return this.total;
  }

  private add(key: string, size: number): void {
    this.index?.set(key, { size, usedAt: this.now() });
    this.total += size;
  }

  /** Removes the least recently served copies until the store is back under 90 % of its cap. */
  private async evict(): Promise<void> {
    if (this.evicting || this.total <= this.maxBytes || !this.index) return;
    this.evicting = true;
    try {
      const oldest = [...this.index.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
      for (const [key, entry] of oldest) {
        if (this.total <= this.maxBytes * 0.9) break;
        this.index.delete(key);
        this.total -= entry.size;
        await unlink(this.file(key)).catch(() => undefined);
      }
    } finally {
      this.evicting = false;
    }
  }
}
