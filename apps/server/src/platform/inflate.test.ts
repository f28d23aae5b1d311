import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cappedInflate, compressionOf, type Compression, type InflateCap } from './inflate';

class TooLarge extends Error {
  constructor(readonly inflated: number) {
    super('too large');
  }
}
class Corrupt extends Error {}

const fixedCap = (max: number): InflateCap => ({
  allowed: () => max,
  tooLarge: (inflated) => new TooLarge(inflated),
  corrupt: () => new Corrupt('corrupt'),
});

const compress: Record<Compression, (data: Buffer) => Buffer> = {
  gzip: (data) => gzipSync(data, { level: 9 }),
  deflate: (data) => deflateSync(data, { level: 9 }),
  br: (data) => brotliCompressSync(data),
};

/** Inflates `data` in 16 KB pieces, as a body or a download arrives; answers the bytes or the error. */
async function inflate(compression: Compression, data: Buffer, cap: InflateCap): Promise<Buffer | Error> {
  const inflater = cappedInflate(compression, cap);
  const pieces: Buffer[] = [];
  const done = (async () => {
    for await (const piece of inflater as AsyncIterable<Buffer>) pieces.push(piece);
  })();
  for (let at = 0; at < data.length && !inflater.destroyed; at += 16 * 1024)
    inflater.write(data.subarray(at, at + 16 * 1024));
  inflater.end();
  return done.then(
    () => Buffer.concat(pieces),
    (error: Error) => error,
  );
}

describe('the capped inflate', () => {
  it.each(['gzip', 'deflate', 'br'] as const)('inflates %s within the cap', async (compression) => {
    const text = Buffer.from('<tv><programme/></tv>\n'.repeat(1000));
    expect(await inflate(compression, compress[compression](text), fixedCap(text.length))).toEqual(text);
  });

  it.each(['gzip', 'deflate', 'br'] as const)(
    'refuses a %s bomb at the cap, without inflating it all',
    async (compression) => {
      const bomb = compress[compression](Buffer.alloc(64 * 1024 * 1024));
      const began = process.cpuUsage();
      const refusal = await inflate(compression, bomb, fixedCap(1024 * 1024));
      const used = process.cpuUsage(began);
      expect(refusal).toBeInstanceOf(TooLarge);
      // Stopped just past the cap (one inflated piece at most), not at 64 MB.
      expect((refusal as TooLarge).inflated).toBeGreaterThan(1024 * 1024);
      expect((refusal as TooLarge).inflated).toBeLessThan(2 * 1024 * 1024);
      expect((used.user + used.system) / 1000).toBeLessThan(1000);
    },
  );

  it('lets the cap grow with the compressed bytes read (a ratio cap)', async () => {
    const data = Buffer.alloc(4 * 1024 * 1024);
    const packed = compress.gzip(data);
    const ratio = (max: number): InflateCap => ({
      ...fixedCap(0),
      allowed: (encoded) => Math.max(64 * 1024, encoded * max),
    });
    expect(await inflate('gzip', packed, ratio(100))).toBeInstanceOf(TooLarge);
    const inflated = await inflate('gzip', packed, ratio(1_000_000));
    // Buffer.equals: a deep toEqual over 4 MB takes minutes.
    expect(Buffer.isBuffer(inflated) && inflated.equals(data)).toBe(true);
  });

  it("fails with the caller's error on bytes that are not of the compression", async () => {
    expect(await inflate('gzip', Buffer.from('not gzip at all'), fixedCap(1024))).toBeInstanceOf(Corrupt);
    expect(await inflate('deflate', Buffer.from('not deflate at all'), fixedCap(1024))).toBeInstanceOf(Corrupt);
  });

  it('names the compressions a Content-Encoding may give', () => {
    expect(['gzip', 'x-gzip', 'deflate', 'br', 'identity', 'compress'].map(compressionOf)).toEqual([
      'gzip',
      'gzip',
      'deflate',
      'br',
      null,
      null,
    ]);
  });
});
