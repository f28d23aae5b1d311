import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rekeySegment } from './rekey';

const A = { kid: '11111111111111111111111111111111', key: '000102030405060708090a0b0c0d0e0f' };
const B = { kid: '22222222222222222222222222222222', key: 'f0e0d0c0b0a090807060504030201000' };

const u16 = (n: number) => new Uint8Array([n >>> 8, n & 255]);
const u32 = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const cat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const box = (type: string, ...parts: Uint8Array[]) => {
  const body = cat(...parts);
  return cat(u32(8 + body.length), new TextEncoder().encode(type), body);
};
const full = (type: string, flags: number, ...parts: Uint8Array[]) => box(type, u32(flags), ...parts);

/** A sample: its plain bytes and its [clear, protected] runs (none: all protected). */
interface Sample {
  plain: Uint8Array;
  subsamples: Array<[number, number]>;
  iv: Uint8Array;
}

/** CENC 'cenc' of one sample: the protected runs joined, one AES-CTR stream from IV||0. */
function encryptSample(sample: Sample, key: string): Uint8Array {
  const runs =
    sample.subsamples.length === 0
      ? [[0, sample.plain.length] as [number, number]]
      : (() => {
          const out: Array<[number, number]> = [];
          let at = 0;
          for (const [clear, enc] of sample.subsamples) {
            at += clear;
            out.push([at, enc]);
            at += enc;
          }
          return out;
        })();
  const joined = Buffer.concat(runs.map(([s, n]) => sample.plain.subarray(s, s + n)));
  const iv = Buffer.alloc(16);
  iv.set(sample.iv);
  const enc = createCipheriv('aes-128-ctr', Buffer.from(key, 'hex'), iv).update(joined);
  const out = new Uint8Array(sample.plain);
  let at = 0;
  for (const [s, n] of runs) {
    out.set(enc.subarray(at, at + n), s);
    at += n;
  }
  return out;
}

/** moof(mfhd, traf(tfhd, tfdt, trun, senc)), mdat, with the samples encrypted under `key`; a pssh naming the kid first. */
function segment(samples: Sample[], key: typeof A, withSubsamples: boolean): Uint8Array {
  const senc = full(
    'senc',
    withSubsamples ? 2 : 0,
    u32(samples.length),
    ...samples.flatMap((s) => [
      s.iv,
      ...(withSubsamples ? [u16(s.subsamples.length), ...s.subsamples.flatMap(([c, p]) => [u16(c), u32(p)])] : []),
    ]),
  );
  const moof = (dataOffset: number) =>
    box(
      'moof',
      full('mfhd', 0, u32(1)),
      box(
        'traf',
        full('tfhd', 0x020000, u32(1)),
        full('tfdt', 0, u32(0)),
        full('trun', 0x000201, u32(samples.length), u32(dataOffset), ...samples.map((s) => u32(s.plain.length))),
        senc,
      ),
    );
  const pssh = full('pssh', 0x01000000, new Uint8Array(16), u32(1), Buffer.from(key.kid, 'hex'), u32(0));
  const size = moof(0).length;
  return cat(pssh, moof(size + 8), box('mdat', ...samples.map((s) => encryptSample(s, key.key))));
}

describe('rekeySegment', () => {
  const samples: Sample[] = [
    {
      plain: randomBytes(100),
      subsamples: [
        [5, 40],
        [10, 45],
      ],
      iv: randomBytes(8),
    },
    { plain: randomBytes(37), subsamples: [[37, 0]], iv: randomBytes(8) },
    { plain: randomBytes(64), subsamples: [[0, 64]], iv: randomBytes(8) },
  ];

  it('gives the same segment as one encrypted under the other key (subsamples, clear runs untouched)', () => {
    const underA = segment(samples, A, true);
    const underB = segment(samples, B, true);
    expect(Buffer.from(underA).equals(Buffer.from(underB))).toBe(false);
    expect(Buffer.from(rekeySegment(underA, A, B)).equals(Buffer.from(underB))).toBe(true);
    expect(Buffer.from(rekeySegment(underB, B, A)).equals(Buffer.from(underA))).toBe(true);
  });

  it('handles whole-sample encryption (no subsamples) and 16-byte IVs', () => {
    const whole = samples.map((s) => ({ ...s, subsamples: [] }));
    expect(
      Buffer.from(rekeySegment(segment(whole, A, false), A, B)).equals(Buffer.from(segment(whole, B, false))),
    ).toBe(true);
    const wide = whole.map((s) => ({ ...s, iv: randomBytes(16) }));
    expect(Buffer.from(rekeySegment(segment(wide, A, false), A, B)).equals(Buffer.from(segment(wide, B, false)))).toBe(
      true,
    );
  });

  it('replaces the key id of an init segment and leaves the input as it was', () => {
    const init = cat(
      box('ftyp', new TextEncoder().encode('iso6')),
      box('moov', full('pssh', 0x01000000, new Uint8Array(16), u32(1), Buffer.from(A.kid, 'hex'), u32(0))),
    );
    const before = Buffer.from(init);
    const out = Buffer.from(rekeySegment(init, A, B));
    expect(out.includes(Buffer.from(B.kid, 'hex'))).toBe(true);
    expect(out.includes(Buffer.from(A.kid, 'hex'))).toBe(false);
    expect(Buffer.from(init).equals(before)).toBe(true);
  });
});
