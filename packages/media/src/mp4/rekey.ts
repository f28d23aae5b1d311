/**
 * Re-keys CENC ('cenc', AES-CTR) fMP4 segments from one content key to another, so the one
 * packaged clip can be served under a key per channel or title: the protected bytes of each
 * sample are decrypted with the clip's key and encrypted with the new one under the same IV,
 * and the key id is replaced wherever the segment names it (tenc, pssh). Sizes never change.
 * Pure: returns a new buffer, the input is untouched.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { childrenOf, fullBoxHeader, readBoxes, viewOf, type BoxInfo } from './boxes';
import type { ContentKey } from '../keys';

const TFHD_BASE_DATA_OFFSET = 0x000001;
const TFHD_SAMPLE_DESCRIPTION_INDEX = 0x000002;
const TFHD_DEFAULT_SAMPLE_DURATION = 0x000008;
const TFHD_DEFAULT_SAMPLE_SIZE = 0x000010;
const TRUN_DATA_OFFSET = 0x000001;
const TRUN_FIRST_SAMPLE_FLAGS = 0x000004;
const TRUN_SAMPLE_DURATION = 0x000100;
const TRUN_SAMPLE_SIZE = 0x000200;
const TRUN_SAMPLE_FLAGS = 0x000400;
const TRUN_SAMPLE_CTO = 0x000800;
const SENC_SUBSAMPLES = 0x000002;

/** One sample's encryption: its IV and its [clear, protected] byte runs (none: all protected). */
interface SampleCrypto {
  iv: Uint8Array;
  subsamples: Array<[number, number]>;
}

/** Replaces every occurrence of the 16 bytes of `from` by `to` (a key id is random: it occurs only where meant). */
function replaceKid(data: Uint8Array, from: Uint8Array, to: Uint8Array): void {
  for (let at = data.indexOf(from[0]!); at !== -1 && at <= data.length - 16; at = data.indexOf(from[0]!, at + 1)) {
    let match = true;
    for (let i = 1; i < 16 && match; i += 1) match = data[at + i] === from[i];
    if (match) data.set(to, at);
  }
}

/** Reads senc with an IV size of 8 or 16 (senc does not say; the one that fills the box exactly is it). */
function readSenc(data: Uint8Array, senc: BoxInfo): SampleCrypto[] {
  const view = viewOf(data);
  const { flags } = fullBoxHeader(data, senc);
  const start = senc.start + senc.headerSize + 4;
  const count = view.getUint32(start);
  for (const ivSize of [8, 16]) {
    const samples: SampleCrypto[] = [];
    let at = start + 4;
    let fits = true;
    for (let i = 0; i < count && fits; i += 1) {
      if (at + ivSize > senc.end) fits = false;
      else {
        const iv = data.subarray(at, at + ivSize);
        at += ivSize;
        const subsamples: Array<[number, number]> = [];
        if (flags & SENC_SUBSAMPLES) {
          if (at + 2 > senc.end) fits = false;
          else {
            const n = view.getUint16(at);
            at += 2;
            if (at + n * 6 > senc.end) fits = false;
            else for (let j = 0; j < n; j += 1, at += 6) subsamples.push([view.getUint16(at), view.getUint32(at + 2)]);
          }
        }
        samples.push({ iv, subsamples });
      }
    }
    if (fits && at === senc.end) return samples;
  }
  throw new Error('senc: cannot tell its IV size');
}

/** The sizes of a traf's samples and where its data begins (relative to the moof). */
function readTrun(data: Uint8Array, tfhd: BoxInfo, trun: BoxInfo): { dataOffset: number; sizes: number[] } {
  const view = viewOf(data);
  const tfhdFlags = fullBoxHeader(data, tfhd).flags;
  if (tfhdFlags & TFHD_BASE_DATA_OFFSET) throw new Error('explicit base_data_offset is not supported');
  let p = tfhd.start + tfhd.headerSize + 8;
  if (tfhdFlags & TFHD_SAMPLE_DESCRIPTION_INDEX) p += 4;
  if (tfhdFlags & TFHD_DEFAULT_SAMPLE_DURATION) p += 4;
  const defaultSize = tfhdFlags & TFHD_DEFAULT_SAMPLE_SIZE ? view.getUint32(p) : 0;
  const { flags } = fullBoxHeader(data, trun);
  let at = trun.start + trun.headerSize + 4;
  const count = view.getUint32(at);
  at += 4;
  if (!(flags & TRUN_DATA_OFFSET)) throw new Error('trun without data_offset is not supported');
  const dataOffset = view.getInt32(at);
  at += 4;
  if (flags & TRUN_FIRST_SAMPLE_FLAGS) at += 4;
  const sizes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    if (flags & TRUN_SAMPLE_DURATION) at += 4;
    sizes.push(flags & TRUN_SAMPLE_SIZE ? view.getUint32(at) : defaultSize);
    if (flags & TRUN_SAMPLE_SIZE) at += 4;
    if (flags & TRUN_SAMPLE_FLAGS) at += 4;
    if (flags & TRUN_SAMPLE_CTO) at += 4;
  }
  return { dataOffset, sizes };
}

/** The protected byte runs of one sample at `start`, in order. */
function protectedRuns(start: number, size: number, crypto: SampleCrypto): Array<[number, number]> {
  if (crypto.subsamples.length === 0) return [[start, size]];
  const runs: Array<[number, number]> = [];
  let at = start;
  for (const [clear, enc] of crypto.subsamples) {
    at += clear;
    if (enc > 0) runs.push([at, enc]);
    at += enc;
  }
  if (at > start + size) throw new Error('subsamples overrun their sample');
  return runs;
}

function counterBlock(iv: Uint8Array): Buffer {
  const block = Buffer.alloc(16);
  block.set(iv);
  return block;
}

/** Re-encrypts one sample's protected bytes in place: from's keystream off, to's on, same IV. */
function rekeySample(out: Uint8Array, runs: Array<[number, number]>, iv: Uint8Array, from: Buffer, to: Buffer): void {
  const total = runs.reduce((n, [, length]) => n + length, 0);
  if (total === 0) return;
  const joined = Buffer.alloc(total);
  let at = 0;
  for (const [start, length] of runs) {
    joined.set(out.subarray(start, start + length), at);
    at += length;
  }
  const clear = createDecipheriv('aes-128-ctr', from, counterBlock(iv)).update(joined);
  const again = createCipheriv('aes-128-ctr', to, counterBlock(iv)).update(clear);
  at = 0;
  for (const [start, length] of runs) {
    out.set(again.subarray(at, at + length), start);
    at += length;
  }
}

function rekeyMoof(out: Uint8Array, moof: BoxInfo, from: Buffer, to: Buffer): void {
  for (const traf of childrenOf(out, moof).filter((c) => c.type === 'traf')) {
    const children = childrenOf(out, traf);
    const senc = children.find((c) => c.type === 'senc');
    if (!senc) continue;
    const tfhd = children.find((c) => c.type === 'tfhd');
    const trun = children.find((c) => c.type === 'trun');
    if (!tfhd || !trun) throw new Error('traf without tfhd or trun');
    const { dataOffset, sizes } = readTrun(out, tfhd, trun);
    const samples = readSenc(out, senc);
    if (samples.length !== sizes.length) throw new Error('senc and trun disagree on the sample count');
    let at = moof.start + dataOffset;
    sizes.forEach((size, i) => {
      const crypto = samples[i]!;
      if (at + size > out.length) throw new Error('sample data overruns the segment');
      rekeySample(out, protectedRuns(at, size, crypto), crypto.iv, from, to);
      at += size;
    });
  }
}

/**
 * A segment (init or media) under another content key. An init segment only changes its
 * key id; a media segment has every encrypted sample re-encrypted. Clear tracks come back as
 * they were.
 */
export function rekeySegment(segment: Uint8Array, from: ContentKey, to: ContentKey): Uint8Array {
  const out = new Uint8Array(segment);
  const fromKid = Buffer.from(from.kid, 'hex');
  const toKid = Buffer.from(to.kid, 'hex');
  const fromKey = Buffer.from(from.key, 'hex');
  const toKey = Buffer.from(to.key, 'hex');
  for (const b of readBoxes(out)) if (b.type === 'moof') rekeyMoof(out, b, fromKey, toKey);
  replaceKid(out, fromKid, toKid);
  return out;
}
