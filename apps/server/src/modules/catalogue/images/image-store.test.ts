import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageStore } from './image-store';

const meta = (url: string) => ({
  url,
  type: 'image/png' as const,
  etag: '"e"',
  lastModified: null,
  checkedAt: 1,
  digest: 'd',
});

describe('the picture store', () => {
  it('gives back what it kept, also to a store opened later on the same folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-images-'));
    await new ImageStore(dir, 10_000, () => 1).put('ab12', {
      meta: meta('http://a.example/1.png'),
      bytes: Buffer.from('picture'),
    });
    const again = await new ImageStore(dir, 10_000, () => 2).get('ab12');
    expect(again?.meta).toEqual(meta('http://a.example/1.png'));
    expect(again?.bytes.toString()).toBe('picture');
    expect(await new ImageStore(dir, 10_000, () => 2).get('cd34')).toBeNull();
  });

  it('stays under its cap, dropping the pictures served longest ago', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-images-'));
    let now = 0;
    const store = new ImageStore(dir, 3_000, () => now);
    for (const key of ['aa01', 'bb02', 'cc03']) {
      now += 10;
      await store.put(key, { meta: meta(key), bytes: Buffer.alloc(800) });
    }
    now += 10;
    await store.get('aa01'); // served again: now the most recent
    now += 10;
    await store.put('dd04', { meta: meta('dd04'), bytes: Buffer.alloc(800) });
    expect(await store.size()).toBeLessThanOrEqual(3_000);
    expect(await store.get('bb02')).toBeNull();
    expect(await store.get('aa01')).not.toBeNull();
    expect(await store.get('dd04')).not.toBeNull();
    const files = readdirSync(dir, { recursive: true }).map(String);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
  });
});
