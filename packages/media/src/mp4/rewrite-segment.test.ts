import { describe, expect, it } from 'vitest';
import { checkSegment } from '../test-support/segment-check';
import { rewriteSegmentTime } from './rewrite-segment';

// Hand-built segments: styp, sidx, moof(mfhd, traf(tfhd, tfdt, trun, saiz, saio, senc)…), mdat.
const u32 = (n: number): Uint8Array => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const u64 = (n: bigint): Uint8Array => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n);
  return out;
};
const cat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const box = (type: string, ...parts: Uint8Array[]): Uint8Array => {
  const body = cat(...parts);
  return cat(u32(8 + body.length), new TextEncoder().encode(type), body);
};
const full = (type: string, version: number, flags: number, ...parts: Uint8Array[]) =>
  box(type, u32((version << 24) | flags), ...parts);

interface TrafSpec {
  tfdtVersion?: 0 | 1;
  tfdt: bigint;
  samples: number[];
  saioVersion?: 0 | 1;
  tfhdFlags?: number;
}

function buildSegment(options: { trafs: TrafSpec[]; sidx?: boolean; sidxEpt?: bigint; sequence?: number }): Uint8Array {
  const { trafs, sidx = true, sequence = 7 } = options;
  // Two passes: build with zero offsets, measure, build again with the real offsets.
  const make = (dataOffsets: number[], saioOffsets: number[]): Uint8Array =>
    box(
      'moof',
      full('mfhd', 0, 0, u32(sequence)),
      ...trafs.map((t, i) =>
        box(
          'traf',
          full('tfhd', 0, t.tfhdFlags ?? 0x020000, u32(1)),
          t.tfdtVersion === 1 ? full('tfdt', 1, 0, u64(t.tfdt)) : full('tfdt', 0, 0, u32(Number(t.tfdt))),
          full(
            'trun',
            0,
            0x000301,
            u32(t.samples.length),
            u32(dataOffsets[i] ?? 0),
            ...t.samples.flatMap((s) => [u32(3600), u32(s)]),
          ),
          full('saiz', 0, 0, new Uint8Array([8]), u32(t.samples.length)),
          t.saioVersion === 1
            ? full('saio', 1, 0, u32(1), u64(BigInt(saioOffsets[i] ?? 0)))
            : full('saio', 0, 0, u32(1), u32(saioOffsets[i] ?? 0)),
          full('senc', 0, 0, u32(t.samples.length), ...t.samples.map((_, n) => new Uint8Array(8).fill(n + 1))),
        ),
      ),
    );
  const draft = make([], []);
  // Positions inside the draft moof (same layout once offsets are filled in).
  const offsets = { data: [] as number[], saio: [] as number[] };
  let trafAt = 8 + 16; // moof header + mfhd
  let dataAt = draft.length + 8;
  for (const t of trafs) {
    const tfhd = 16;
    const tfdt = t.tfdtVersion === 1 ? 20 : 16;
    const trun = 20 + t.samples.length * 8;
    const saiz = 17;
    const saio = t.saioVersion === 1 ? 24 : 20;
    const sencSamples = trafAt + 8 + tfhd + tfdt + trun + saiz + saio + 16;
    offsets.saio.push(sencSamples);
    offsets.data.push(dataAt);
    dataAt += t.samples.reduce((a, b) => a + b, 0);
    trafAt += 8 + tfhd + tfdt + trun + saiz + saio + 16 + t.samples.length * 8;
  }
  const moof = make(offsets.data, offsets.saio);
  const payload = new Uint8Array(trafs.flatMap((t) => t.samples).reduce((a, b) => a + b, 0)).map((_, i) => i % 251);
  const mdat = box('mdat', payload);
  const styp = box('styp', new TextEncoder().encode('msdh'), u32(0), new TextEncoder().encode('msdhmsix'));
  const ept = options.sidxEpt ?? trafs[0]?.tfdt ?? 0n;
  const sidxBox = full(
    'sidx',
    0,
    0,
    u32(1),
    u32(90000),
    u32(Number(ept)),
    u32(0),
    u32(1),
    u32(moof.length + mdat.length),
    u32(180000),
    u32(0x90000000),
  );
  return sidx ? cat(styp, sidxBox, moof, mdat) : cat(moof, mdat);
}

const plain: TrafSpec = { tfdt: 180_000n, samples: [700, 300, 500] };

describe('rewriteSegmentTime on hand-built segments', () => {
  it('builds a consistent fixture', () => {
    expect(checkSegment(buildSegment({ trafs: [plain] }))).toMatchObject({
      sequenceNumber: 7,
      tfdt: [{ version: 0, value: 180_000n }],
      sidx: { version: 0, ept: 180_000n },
    });
  });

  it('adds a small offset in place: same size, same samples', () => {
    const input = buildSegment({ trafs: [plain] });
    const before = input.slice();
    const out = rewriteSegmentTime(input, { timeOffset: 5_400_000, sequenceNumber: 31 });
    expect(out.length).toBe(input.length);
    const facts = checkSegment(out);
    expect(facts).toMatchObject({
      sequenceNumber: 31,
      tfdt: [{ version: 0, value: 5_580_000n }],
      sidx: { version: 0, ept: 5_580_000n },
    });
    expect(facts.mdatPayload).toEqual(checkSegment(input).mdatPayload);
    expect(input).toEqual(before); // pure: the input is untouched
  });

  it('widens tfdt and sidx to 64 bits past 2^32 and fixes every offset', () => {
    const input = buildSegment({ trafs: [plain] });
    const offset = 2n ** 33n + 12345n;
    const out = rewriteSegmentTime(input, { timeOffset: offset, sequenceNumber: 14_000_001 });
    expect(out.length).toBe(input.length + 4 + 8);
    const facts = checkSegment(out);
    expect(facts).toMatchObject({
      sequenceNumber: 14_000_001,
      tfdt: [{ version: 1, value: 180_000n + offset }],
      sidx: { version: 1, ept: 180_000n + offset },
    });
    expect(facts.mdatPayload).toEqual(checkSegment(input).mdatPayload);
  });

  it('widens every traf and shifts later data offsets by all insertions', () => {
    const input = buildSegment({ trafs: [plain, { tfdt: 64_000n, samples: [40, 41], saioVersion: 1 }] });
    const out = rewriteSegmentTime(input, { timeOffset: 2n ** 32n });
    expect(out.length).toBe(input.length + 4 + 4 + 8);
    expect(checkSegment(out).tfdt).toEqual([
      { version: 1, value: 180_000n + 2n ** 32n },
      { version: 1, value: 64_000n + 2n ** 32n },
    ]);
  });

  it('leaves a Node Buffer input untouched too (Buffer#slice would share memory)', () => {
    const input = Buffer.from(buildSegment({ trafs: [plain] }));
    const before = Buffer.from(input);
    checkSegment(rewriteSegmentTime(input, { timeOffset: 2n ** 33n, sequenceNumber: 99 }));
    expect(input.equals(before)).toBe(true);
  });

  it('keeps a 64-bit tfdt 64-bit and leaves the sequence number alone unless asked', () => {
    const input = buildSegment({ trafs: [{ ...plain, tfdtVersion: 1 }], sidx: false });
    const out = rewriteSegmentTime(input, { timeOffset: 10n });
    expect(out.length).toBe(input.length);
    expect(checkSegment(out)).toMatchObject({
      sequenceNumber: 7,
      tfdt: [{ version: 1, value: 180_010n }],
      sidx: undefined,
    });
  });

  it('accepts a negative offset that stays at or above zero, refuses one below', () => {
    const input = buildSegment({ trafs: [plain] });
    expect(checkSegment(rewriteSegmentTime(input, { timeOffset: -180_000 })).tfdt[0]?.value).toBe(0n);
    expect(() => rewriteSegmentTime(input, { timeOffset: -180_001 })).toThrow(RangeError);
  });

  it('refuses what it cannot rewrite safely', () => {
    const input = buildSegment({ trafs: [plain] });
    expect(() => rewriteSegmentTime(input.subarray(0, 40), { timeOffset: 0 })).toThrow(/moof|overruns|truncated/);
    expect(() => rewriteSegmentTime(input.subarray(0, input.length - 1), { timeOffset: 0 })).toThrow(/overruns/);
    expect(() =>
      rewriteSegmentTime(buildSegment({ trafs: [{ ...plain, tfhdFlags: 0x000001 }] }), { timeOffset: 0 }),
    ).toThrow(/base_data_offset/);
    expect(() => rewriteSegmentTime(input, { timeOffset: 0, sequenceNumber: -1 })).toThrow(RangeError);
    expect(() => rewriteSegmentTime(input, { timeOffset: 0, sequenceNumber: 2 ** 32 })).toThrow(RangeError);
    expect(() => rewriteSegmentTime(input, { timeOffset: 2n ** 64n })).toThrow(/overflows/);
  });
});
