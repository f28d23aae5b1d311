/** Structural checks of an fMP4 media segment, shared by the rewriter tests. */
import { childrenOf, fullBoxHeader, readBoxes, viewOf, type BoxInfo } from '../mp4/boxes';

/** What a consistent segment says about itself. */
export interface SegmentFacts {
  sequenceNumber: number;
  tfdt: Array<{ version: number; value: bigint }>;
  sidx?: { version: number; ept: bigint };
  mdatPayload: Uint8Array;
}

const one = (boxes: BoxInfo[], type: string): BoxInfo => {
  const found = boxes.filter((b) => b.type === type);
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return found[0] as BoxInfo;
};

/**
 * Throws unless every size and offset agrees: trun data offsets land in the mdat payload in
 * traf order, saio offsets land on the senc sample data, and the sidx reference spans moof+mdat.
 */
export function checkSegment(segment: Uint8Array): SegmentFacts {
  const view = viewOf(segment);
  const top = readBoxes(segment);
  const moof = one(top, 'moof');
  const mdat = one(top, 'mdat');
  const moofChildren = childrenOf(segment, moof);
  const mfhd = one(moofChildren, 'mfhd');
  const tfdt: SegmentFacts['tfdt'] = [];
  let expectedData = mdat.start + mdat.headerSize;
  for (const traf of moofChildren.filter((b) => b.type === 'traf')) {
    const kids = childrenOf(segment, traf);
    const t = one(kids, 'tfdt');
    const { version } = fullBoxHeader(segment, t);
    const p = t.start + t.headerSize + 4;
    tfdt.push({ version, value: version === 1 ? view.getBigUint64(p) : BigInt(view.getUint32(p)) });
    const trun = one(kids, 'trun');
    const trunHeader = fullBoxHeader(segment, trun);
    const count = view.getUint32(trun.start + trun.headerSize + 4);
    const dataOffset = view.getInt32(trun.start + trun.headerSize + 8);
    if (moof.start + dataOffset !== expectedData)
      throw new Error(`trun data_offset ${dataOffset} misses the sample data`);
    // Sample sizes (flag 0x200) tell where the next traf's data starts.
    if (trunHeader.flags & 0x200) {
      const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => trunHeader.flags & f).length * 4;
      const sizeIndex = [0x100].filter((f) => trunHeader.flags & f).length * 4;
      let q = trun.start + trun.headerSize + 12 + (trunHeader.flags & 0x4 ? 4 : 0);
      for (let i = 0; i < count; i += 1, q += perSample) expectedData += view.getUint32(q + sizeIndex);
    }
    const senc = kids.find((b) => b.type === 'senc');
    const saio = kids.find((b) => b.type === 'saio');
    if (senc && saio) {
      const h = fullBoxHeader(segment, saio);
      const at = saio.start + saio.headerSize + 4 + (h.flags & 1 ? 8 : 0) + 4;
      const offset = h.version === 0 ? view.getUint32(at) : Number(view.getBigUint64(at));
      if (moof.start + offset !== senc.start + senc.headerSize + 8)
        throw new Error(`saio offset ${offset} misses the senc samples`);
    }
  }
  if (expectedData > mdat.end) throw new Error('samples overrun the mdat');
  let sidx: SegmentFacts['sidx'];
  const sidxBox = top.find((b) => b.type === 'sidx');
  if (sidxBox) {
    const { version } = fullBoxHeader(segment, sidxBox);
    const p = sidxBox.start + sidxBox.headerSize + 12;
    const ept = version === 0 ? BigInt(view.getUint32(p)) : view.getBigUint64(p);
    const firstOffset = version === 0 ? view.getUint32(p + 4) : Number(view.getBigUint64(p + 8));
    const refs = p + (version === 0 ? 8 : 16) + 4;
    const size = view.getUint32(refs) & 0x7fffffff;
    if (sidxBox.end + firstOffset !== moof.start) throw new Error('sidx first_offset misses the moof');
    if (size !== mdat.end - moof.start)
      throw new Error(`sidx referenced_size ${size} is not moof+mdat ${mdat.end - moof.start}`);
    sidx = { version, ept };
  }
  return {
    sequenceNumber: view.getUint32(mfhd.start + mfhd.headerSize + 4),
    tfdt,
    sidx,
    mdatPayload: segment.subarray(mdat.start + mdat.headerSize, mdat.end),
  };
}
