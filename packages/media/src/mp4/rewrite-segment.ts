/**
 * Shifts the timestamps of an fMP4 media segment so a looped clip keeps increasing time:
 * tfdt (and sidx) get the offset, 32-bit fields widen to 64-bit when they overflow, and every
 * byte offset that points past a widened field (box sizes, trun data_offset, saio, sidx
 * references) is corrected. Pure: returns a new buffer, the input is untouched.
 */
import { childrenOf, fullBoxHeader, readBoxes, viewOf, type BoxInfo } from './boxes';

/** What to change in a segment. */
export interface SegmentRewrite {
  /** Added to every tfdt baseMediaDecodeTime and sidx earliest_presentation_time (track timescale). */
  timeOffset: number | bigint;
  /** New mfhd sequence_number (the timeline segment number); unchanged when omitted. */
  sequenceNumber?: number;
}

const U32_MAX = 0xffffffffn;
const TFHD_BASE_DATA_OFFSET = 0x000001;
const TFHD_DEFAULT_BASE_IS_MOOF = 0x020000;
const TRUN_DATA_OFFSET = 0x000001;

interface Insertion {
  /** Old position at and after which bytes move. */
  at: number;
  grow: number;
}

function shifted(value: bigint, offset: bigint, what: string): bigint {
  const result = value + offset;
  if (result < 0n) throw new RangeError(`${what} would become negative`);
  if (result > 0xffffffffffffffffn) throw new RangeError(`${what} overflows 64 bits`);
  return result;
}

function box(type: string, body: Uint8Array[]): Uint8Array {
  const size = 8 + body.reduce((n, part) => n + part.length, 0);
  const out = new Uint8Array(size);
  const view = viewOf(out);
  view.setUint32(0, size);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  let at = 8;
  for (const part of body) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Rewrites one media segment (styp/sidx/moof/mdat…); see the module comment. */
// eslint-disable-next-line max-lines-per-function -- two passes over one segment: the builders of pass 2 read the plans and offsets of pass 1 as closures; split apart, every helper would take that whole state.
export function rewriteSegmentTime(segment: Uint8Array, rewrite: SegmentRewrite): Uint8Array {
  const offset = BigInt(rewrite.timeOffset);
  const { sequenceNumber } = rewrite;
  if (
    sequenceNumber !== undefined &&
    (!Number.isInteger(sequenceNumber) || sequenceNumber < 0 || sequenceNumber > 0xffffffff)
  ) {
    throw new RangeError('sequenceNumber must be a 32-bit unsigned integer');
  }
  const data = segment;
  const view = viewOf(data);
  const top = readBoxes(data);
  if (!top.some((b) => b.type === 'moof')) throw new Error('not a media segment: no moof');

  // Re-encoded boxes get compact headers; a 64-bit size header there would shift bytes unseen.
  const checkCompact = (b: BoxInfo): void => {
    if (b.headerSize !== 8) throw new Error(`64-bit-size ${b.type} is not supported`);
  };

  // Pass 1: decide new values and where the file grows.
  const insertions: Insertion[] = [];
  const tfdtPlans = new Map<number, { value: bigint; version: number }>();
  const sidxPlans = new Map<number, { ept: bigint; version: number }>();
  for (const b of top) {
    if (b.type === 'sidx') {
      checkCompact(b);
      const { version } = fullBoxHeader(data, b);
      const p = b.start + b.headerSize + 12;
      const ept = version === 0 ? BigInt(view.getUint32(p)) : view.getBigUint64(p);
      const next = shifted(ept, offset, 'sidx earliest_presentation_time');
      const widen = version === 0 && next > U32_MAX;
      sidxPlans.set(b.start, { ept: next, version: widen ? 1 : version });
      if (widen) insertions.push({ at: b.end, grow: 8 });
    }
    if (b.type !== 'moof') continue;
    checkCompact(b);
    for (const traf of childrenOf(data, b).filter((c) => c.type === 'traf')) {
      checkCompact(traf);
      const tfdt = childrenOf(data, traf).find((c) => c.type === 'tfdt');
      if (!tfdt) throw new Error('traf without tfdt: cannot place the segment in time');
      checkCompact(tfdt);
      const { version } = fullBoxHeader(data, tfdt);
      const p = tfdt.start + tfdt.headerSize + 4;
      const value = version === 0 ? BigInt(view.getUint32(p)) : view.getBigUint64(p);
      const next = shifted(value, offset, 'tfdt baseMediaDecodeTime');
      const widen = version === 0 && next > U32_MAX;
      tfdtPlans.set(tfdt.start, { value: next, version: widen ? 1 : version });
      if (widen) insertions.push({ at: tfdt.end, grow: 4 });
    }
  }
  const newPos = (old: number): number => old + insertions.reduce((n, i) => (i.at <= old ? n + i.grow : n), 0);
  const raw = (b: BoxInfo): Uint8Array => data.subarray(b.start, b.end);
  // Not .slice(): on a Node Buffer that is a view, and patching it would alter the input.
  const copy = (b: BoxInfo): Uint8Array => new Uint8Array(raw(b));
  const withMoofRelative = (from: number, moofStart: number): number => newPos(moofStart + from) - newPos(moofStart);

  // Pass 2: re-encode the boxes that change, copy the rest.
  const rebuildTraf = (traf: BoxInfo, moofStart: number, firstTraf: boolean): Uint8Array => {
    const children = childrenOf(data, traf);
    const tfhd = children.find((c) => c.type === 'tfhd');
    if (!tfhd) throw new Error('traf without tfhd');
    const tfhdFlags = fullBoxHeader(data, tfhd).flags;
    if (tfhdFlags & TFHD_BASE_DATA_OFFSET)
      throw new Error('explicit base_data_offset is not supported (not a DASH segment)');
    // Offsets are relative to the moof when default-base-is-moof is set or for the first traf.
    const moofRelative = (tfhdFlags & TFHD_DEFAULT_BASE_IS_MOOF) !== 0 || firstTraf;
    const parts = children.map((c): Uint8Array => {
      const header = fullBoxHeader(data, c);
      const fields = c.start + c.headerSize + 4;
      if (c.type === 'tfdt') {
        const plan = tfdtPlans.get(c.start) as { value: bigint; version: number };
        const body = new Uint8Array(plan.version === 1 ? 12 : 8);
        const v = viewOf(body);
        v.setUint32(0, (plan.version << 24) | header.flags);
        if (plan.version === 1) v.setBigUint64(4, plan.value);
        else v.setUint32(4, Number(plan.value));
        return box('tfdt', [body]);
      }
      if (c.type === 'trun' && header.flags & TRUN_DATA_OFFSET) {
        if (!moofRelative) throw new Error('trun data_offset not relative to moof: unsupported');
        const patched = copy(c);
        const at = fields - c.start + 4; // after sample_count
        const v = viewOf(patched);
        v.setInt32(at, withMoofRelative(view.getInt32(fields + 4), moofStart));
        return patched;
      }
      if (c.type === 'saio') {
        if (!moofRelative) throw new Error('saio not relative to moof: unsupported');
        const patched = copy(c);
        const v = viewOf(patched);
        let at = fields - c.start + (header.flags & 1 ? 8 : 0); // aux_info_type(+parameter)
        const count = v.getUint32(at);
        at += 4;
        for (let i = 0; i < count; i += 1) {
          if (header.version === 0) {
            v.setUint32(at, withMoofRelative(v.getUint32(at), moofStart));
            at += 4;
          } else {
            v.setBigUint64(at, BigInt(withMoofRelative(Number(v.getBigUint64(at)), moofStart)));
            at += 8;
          }
        }
        return patched;
      }
      return raw(c);
    });
    return box('traf', parts);
  };

  const rebuildMoof = (moof: BoxInfo): Uint8Array => {
    let trafIndex = 0;
    const parts = childrenOf(data, moof).map((c): Uint8Array => {
      if (c.type === 'mfhd' && sequenceNumber !== undefined) {
        const patched = copy(c);
        viewOf(patched).setUint32(c.headerSize + 4, sequenceNumber);
        return patched;
      }
      if (c.type === 'traf') return rebuildTraf(c, moof.start, trafIndex++ === 0);
      return raw(c);
    });
    return box('moof', parts);
  };

  const rebuildSidx = (sidx: BoxInfo): Uint8Array => {
    const plan = sidxPlans.get(sidx.start) as { ept: bigint; version: number };
    const { version, flags } = fullBoxHeader(data, sidx);
    let p = sidx.start + sidx.headerSize + 4;
    const referenceId = view.getUint32(p);
    const timescale = view.getUint32(p + 4);
    p += 8;
    const firstOffset = version === 0 ? view.getUint32(p + 4) : Number(view.getBigUint64(p + 8));
    p += version === 0 ? 8 : 16;
    const referenceCount = view.getUint16(p + 2);
    p += 4;
    const wide = plan.version === 1;
    const body = new Uint8Array(4 + 8 + (wide ? 16 : 8) + 4 + referenceCount * 12);
    const v = viewOf(body);
    v.setUint32(0, (plan.version << 24) | flags);
    v.setUint32(4, referenceId);
    v.setUint32(8, timescale);
    let q = 12;
    const firstReferenced = sidx.end + firstOffset;
    const newFirstOffset = newPos(firstReferenced) - newPos(sidx.end);
    if (wide) {
      v.setBigUint64(q, plan.ept);
      v.setBigUint64(q + 8, BigInt(newFirstOffset));
      q += 16;
    } else {
      v.setUint32(q, Number(plan.ept));
      v.setUint32(q + 4, newFirstOffset);
      q += 8;
    }
    v.setUint16(q + 2, referenceCount);
    q += 4;
    let from = firstReferenced;
    for (let i = 0; i < referenceCount; i += 1, p += 12, q += 12) {
      const word = view.getUint32(p);
      const size = word & 0x7fffffff;
      const newSize = newPos(from + size) - newPos(from);
      v.setUint32(q, (word & 0x80000000) | newSize);
      v.setUint32(q + 4, view.getUint32(p + 4));
      v.setUint32(q + 8, view.getUint32(p + 8));
      from += size;
    }
    return box('sidx', [body]);
  };

  const parts = top.map((b) => (b.type === 'moof' ? rebuildMoof(b) : b.type === 'sidx' ? rebuildSidx(b) : raw(b)));
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
