import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedAnswers, chooseEncoding } from './compressed-answers.http';

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

  it('keeps another answer with the same bytes apart: the forms follow the buffer', async () => {
    const answers = new CompressedAnswers();
    const copy = Buffer.from(body);
    expect(answers.compressed(copy, 'gzip')).not.toBe(answers.compressed(body, 'gzip'));
  });
});
