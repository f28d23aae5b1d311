import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileBytes, IngestTooLarge } from './byte-source';
import { IngestError } from './parsers/errors';

async function text(source: AsyncIterable<Uint8Array | string>): Promise<string> {
  let out = '';
  for await (const chunk of source) out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return out;
}

const limits = { maxBytes: 1024 * 1024, maxInflatedBytes: 8 * 1024 * 1024, maxRatio: 100 };

describe('fileBytes', () => {
  it('passes plain bytes through and gunzips gzip, whatever the piece boundaries', async () => {
    expect(await text(fileBytes([Buffer.from('<tv>'), Buffer.from('</tv>')], limits))).toBe('<tv></tv>');
    const gz = gzipSync('<tv>hola</tv>');
    expect(await text(fileBytes([gz.subarray(0, 3), gz.subarray(3)], limits))).toBe('<tv>hola</tv>');
  });

  it('stops past the size as sent, past the inflated ceiling, and on a broken gzip', async () => {
    await expect(text(fileBytes([Buffer.alloc(limits.maxBytes + 1)], limits))).rejects.toBeInstanceOf(IngestTooLarge);
    const big = gzipSync(Buffer.alloc(9 * 1024 * 1024, 'a'));
    await expect(text(fileBytes([big], { ...limits, maxRatio: 1e9 }))).rejects.toThrow(/descomprimido supera 8 MB/);
    await expect(text(fileBytes([Buffer.from([0x1f, 0x8b, 1, 2, 3])], limits))).rejects.toThrow(/gzip está dañado/);
  });

  it('turns a source that breaks into an import error', async () => {
    async function* broken() {
      yield Buffer.from('<tv>');
      throw new Error('aborted');
    }
    await expect(text(fileBytes(broken(), limits))).rejects.toSatisfy((e) => e instanceof IngestError && /interrumpido \(aborted\)/.test((e as Error).message));
  });
});
