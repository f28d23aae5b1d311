import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedAnswers, LARGE_ANSWER_BYTES, chooseEncoding } from './compressed-answers.http';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=0.8, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
  });
});

describe('CompressedAnswers', () => {
  const body = Buffer.from(
    JSON.stringify({
      resources: Array.from({ length: 500 }, (_, i) => ({ id: i, title: `Programa ${i}`, format: 'LIVE' })),
    }),
  );

  it('compresses an answer once per encoding, into bytes that decompress to it', async () => {
    const answers = new CompressedAnswers();
    const br = answers.compressed(body, 'br');
    expect(answers.compressed(body, 'br')).toBe(br);
    expect(brotliDecompressSync(await br).equals(body)).toBe(true);
    const gz = await answers.compressed(body, 'gzip');
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(gz.length).toBeLessThan(body.length / 4);
  });

  it('compresses a large answer with the fastest settings (brotli 4 took 600 ms of a core for a 9 MB window)', async () => {
    const large = Buffer.from(
      JSON.stringify({
        resources: Array.from({ length: 8000 }, (_, i) => ({
          id: i,
          title: `Programa ${i}`,
          description: `Resumen ${i % 97}`,
        })),
      }),
    );
    expect(large.length).toBeGreaterThan(LARGE_ANSWER_BYTES);
    const answers = new CompressedAnswers();
    const br = await answers.compressed(large, 'br');
    const gz = await answers.compressed(large, 'gzip');
    expect(brotliDecompressSync(br).equals(large)).toBe(true);
    expect(gunzipSync(gz).equals(large)).toBe(true);
    const fastest = { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: large.length };
    expect(br.equals(brotliCompressSync(large, { params: fastest }))).toBe(true);
    expect(gz.equals(gzipSync(large, { level: 1 }))).toBe(true);
    expect(br.length).toBeLessThan(large.length / 4);
  });

  it("holds each compressed answer in memory of its own size, not in zlib's output piece", async () => {
    const answers = new CompressedAnswers();
    for (const encoding of ['br', 'gzip'] as const) {
      const small = await answers.compressed(Buffer.from(body), encoding);
      expect(small.length).toBeLessThan(4096);
      expect(small.buffer.byteLength, encoding).toBeLessThanOrEqual(Buffer.poolSize);
    }
  });

  it('keeps another answer with the same bytes apart: the forms follow the buffer', async () => {
    const answers = new CompressedAnswers();
    const copy = Buffer.from(body);
    expect(answers.compressed(copy, 'gzip')).not.toBe(answers.compressed(body, 'gzip'));
  });
});
