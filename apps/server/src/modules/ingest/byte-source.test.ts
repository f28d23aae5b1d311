import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, fileBytes, IngestTooLarge, OPERATOR_LIMITS } from './byte-source';
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
    await expect(text(fileBytes(broken(), limits))).rejects.toSatisfy(
      (e) => e instanceof IngestError && /interrumpido \(aborted\)/.test((e as Error).message),
    );
  });
});

describe('the limits of what the operator provides', () => {
  it('let a file or a fetched source be as large as an import may inflate to, past the upload cap', async () => {
    expect(OPERATOR_LIMITS.maxBytes).toBe(DEFAULT_LIMITS.maxInflatedBytes);
    expect(OPERATOR_LIMITS.maxBytes).toBeGreaterThan(540 * 1024 * 1024);
    const big = { ...OPERATOR_LIMITS, maxBytes: 2048 };
    const upload = { ...DEFAULT_LIMITS, maxBytes: 1024 };
    const source = async function* () {
      yield Buffer.alloc(1500, 0x20);
    };
    await expect(text(fileBytes(source(), upload))).rejects.toBeInstanceOf(IngestTooLarge);
    expect((await text(fileBytes(source(), big))).length).toBe(1500);
  });
});
