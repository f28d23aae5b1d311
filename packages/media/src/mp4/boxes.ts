/** Minimal ISO BMFF box reading over a Uint8Array (no copies). */

/** Where one box sits in its buffer. */
export interface BoxInfo {
  type: string;
  start: number;
  headerSize: number;
  size: number;
  end: number;
}

/** A DataView over exactly the bytes of `data`. */
export function viewOf(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function fourcc(data: Uint8Array, at: number): string {
  return String.fromCharCode(data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0, data[at + 3] ?? 0);
}

/** Lists the boxes laid end to end in [start, end); throws on a size that does not fit. */
export function readBoxes(data: Uint8Array, start = 0, end = data.length): BoxInfo[] {
  const view = viewOf(data);
  const boxes: BoxInfo[] = [];
  let at = start;
  while (at < end) {
    if (end - at < 8) throw new Error(`truncated box header at ${at}`);
    let size = view.getUint32(at);
    let headerSize = 8;
    if (size === 1) {
      if (end - at < 16) throw new Error(`truncated large box header at ${at}`);
      size = Number(view.getBigUint64(at + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - at; // "extends to the end of the file"
    }
    if (size < headerSize || at + size > end)
      throw new Error(`box ${fourcc(data, at + 4)} at ${at} overruns its parent`);
    boxes.push({ type: fourcc(data, at + 4), start: at, headerSize, size, end: at + size });
    at += size;
  }
  return boxes;
}

/** The children of a container box; `skip` bytes of fields come first (e.g. 8 for stsd). */
export function childrenOf(data: Uint8Array, box: BoxInfo, skip = 0): BoxInfo[] {
  return readBoxes(data, box.start + box.headerSize + skip, box.end);
}

/** Follows a path of box types from the top level (or inside `within`); first match each step. */
export function findBox(data: Uint8Array, path: readonly string[], within?: BoxInfo): BoxInfo | undefined {
  let boxes = within ? childrenOf(data, within) : readBoxes(data);
  let found: BoxInfo | undefined;
  for (const type of path) {
    found = boxes.find((b) => b.type === type);
    if (!found) return undefined;
    boxes = type === 'stsd' ? childrenOf(data, found, 8) : safeChildren(data, found);
  }
  return found;
}

// Leaf boxes have no parsable children; only descend when asked for a deeper step.
function safeChildren(data: Uint8Array, box: BoxInfo): BoxInfo[] {
  try {
    return childrenOf(data, box);
  } catch {
    return [];
  }
}

/** Version and flags of a full box. */
export function fullBoxHeader(data: Uint8Array, box: BoxInfo): { version: number; flags: number } {
  const word = viewOf(data).getUint32(box.start + box.headerSize);
  return { version: word >>> 24, flags: word & 0xffffff };
}
