/** Reads what a manifest needs from packaged init and media segments. */
import { childrenOf, findBox, fullBoxHeader, readBoxes, viewOf, type BoxInfo } from './boxes';

/** What an init segment says about its (single) track. */
export interface InitInfo {
  handler: string;
  timescale: number;
  /** RFC 6381 codecs string. */
  codecs: string;
  encrypted: boolean;
  width?: number;
  height?: number;
  channels?: number;
  sampleRate?: number;
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0');
}

// ES descriptor sizes use 7 bits per byte with a continuation bit.
function readDescriptor(data: Uint8Array, at: number): { tag: number; body: number; end: number } {
  const tag = data[at] ?? 0;
  let size = 0;
  let p = at + 1;
  for (let i = 0; i < 4; i += 1) {
    const byte = data[p++] ?? 0;
    size = (size << 7) | (byte & 0x7f);
    if ((byte & 0x80) === 0) break;
  }
  return { tag, body: p, end: p + size };
}

function aacCodecs(data: Uint8Array, esds: BoxInfo): string {
  const es = readDescriptor(data, esds.start + esds.headerSize + 4);
  if (es.tag !== 0x03) throw new Error('esds without ES_Descriptor');
  const esFlags = data[es.body + 2] ?? 0;
  let p = es.body + 3;
  if (esFlags & 0x80) p += 2; // dependsOn_ES_ID
  if (esFlags & 0x40) p += 1 + (data[p] ?? 0); // URL
  if (esFlags & 0x20) p += 2; // OCR_ES_Id
  const config = readDescriptor(data, p);
  if (config.tag !== 0x04) throw new Error('esds without DecoderConfigDescriptor');
  const objectType = data[config.body] ?? 0;
  const specific = readDescriptor(data, config.body + 13);
  const audioObjectType = specific.tag === 0x05 ? (data[specific.body] ?? 0) >> 3 : 2;
  return `mp4a.${hex2(objectType)}.${audioObjectType}`;
}

/** Parses the moov of an init segment with one track. */
export function readInitInfo(init: Uint8Array): InitInfo {
  const view = viewOf(init);
  const mdhd = findBox(init, ['moov', 'trak', 'mdia', 'mdhd']);
  const hdlr = findBox(init, ['moov', 'trak', 'mdia', 'hdlr']);
  const stsd = findBox(init, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd']);
  if (!mdhd || !hdlr || !stsd) throw new Error('not an init segment: no mdhd/hdlr/stsd');
  const { version } = fullBoxHeader(init, mdhd);
  const timescale = view.getUint32(mdhd.start + mdhd.headerSize + 4 + (version === 1 ? 16 : 8));
  const handler = String.fromCharCode(
    ...init.subarray(hdlr.start + hdlr.headerSize + 8, hdlr.start + hdlr.headerSize + 12),
  );
  const entry = childrenOf(init, stsd, 8)[0];
  if (!entry) throw new Error('empty stsd');
  const encrypted = entry.type === 'encv' || entry.type === 'enca';
  const payload = entry.start + entry.headerSize;
  if (handler === 'vide') {
    const avcC = readBoxes(init, payload + 78, entry.end).find((b) => b.type === 'avcC');
    if (!avcC) throw new Error('video track without avcC (only H.264 is produced)');
    const p = avcC.start + avcC.headerSize;
    const codecs = `avc1.${hex2(init[p + 1] ?? 0)}${hex2(init[p + 2] ?? 0)}${hex2(init[p + 3] ?? 0)}`;
    return {
      handler,
      timescale,
      codecs,
      encrypted,
      width: view.getUint16(payload + 24),
      height: view.getUint16(payload + 26),
    };
  }
  if (handler === 'soun') {
    const esds = readBoxes(init, payload + 28, entry.end).find((b) => b.type === 'esds');
    if (!esds) throw new Error('audio track without esds');
    return {
      handler,
      timescale,
      codecs: aacCodecs(init, esds),
      encrypted,
      channels: view.getUint16(payload + 16),
      sampleRate: view.getUint16(payload + 24),
    };
  }
  return { handler, timescale, codecs: entry.type, encrypted };
}

/** Sequence number and decode time of each traf of a media segment (for checks and tests). */
export function readSegmentTimes(segment: Uint8Array): { sequenceNumber: number; baseMediaDecodeTimes: bigint[] } {
  const view = viewOf(segment);
  const moof = readBoxes(segment).find((b) => b.type === 'moof');
  if (!moof) throw new Error('not a media segment: no moof');
  const children = childrenOf(segment, moof);
  const mfhd = children.find((b) => b.type === 'mfhd');
  const sequenceNumber = mfhd ? view.getUint32(mfhd.start + mfhd.headerSize + 4) : 0;
  const baseMediaDecodeTimes = children
    .filter((b) => b.type === 'traf')
    .map((traf) => {
      const tfdt = childrenOf(segment, traf).find((b) => b.type === 'tfdt');
      if (!tfdt) throw new Error('traf without tfdt');
      const p = tfdt.start + tfdt.headerSize + 4;
      return fullBoxHeader(segment, tfdt).version === 1 ? view.getBigUint64(p) : BigInt(view.getUint32(p));
    });
  return { sequenceNumber, baseMediaDecodeTimes };
}
