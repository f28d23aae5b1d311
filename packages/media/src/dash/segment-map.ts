/**
 * How timeline positions map onto a looped clip: which file serves segment N and by how much
 * its timestamps move, which sprite sheet serves sheet N, and which segments a live origin
 * should serve now. Pure; the origin calls these per request.
 */
import type { ClipManifest } from '../clip-manifest';
import { TIME_SHIFT_DEPTH_SECONDS } from '../constants';
import type { SegmentRewrite } from '../mp4/rewrite-segment';

/** Where timeline segment N of a track comes from. */
export interface MappedSegment {
  /** Segment file relative to the clip folder. */
  file: string;
  /** 1-based segment of the clip. */
  clipSegment: number;
  /** Completed loops before this segment. */
  loop: number;
  /** Pass to rewriteSegmentTime; an offset of 0 on the first loop still renumbers the segment. */
  rewrite: SegmentRewrite;
}

function assertSegmentNumber(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`${what} must be a positive integer`);
}

/** Timeline segment N (1-based, from the timeline's start) → clip segment ((N−1) mod count)+1. */
export function mapClipSegment(clip: ClipManifest, trackId: string, segmentNumber: number): MappedSegment {
  assertSegmentNumber(segmentNumber, 'segment number');
  const track = clip.tracks.find((t) => t.id === trackId);
  if (!track) throw new RangeError(`no track ${trackId} in ${clip.clipKey}`);
  const clipSegment = ((segmentNumber - 1) % clip.segmentCount) + 1;
  const loop = Math.floor((segmentNumber - 1) / clip.segmentCount);
  return {
    file: track.mediaTemplate.replace('$Number$', String(clipSegment)),
    clipSegment,
    loop,
    // mfhd sequence numbers are 32-bit; wrapping is harmless (players ignore them).
    rewrite: { timeOffset: BigInt(loop) * BigInt(track.loopDuration), sequenceNumber: segmentNumber % 2 ** 32 },
  };
}

/** Timeline sprite sheet N (1-based, from the timeline's start) → the sheet file of its phase. */
export function mapThumbnailSheet(clip: ClipManifest, sheetNumber: number): string {
  assertSegmentNumber(sheetNumber, 'sheet number');
  const { columns, rows, tilesPerLoop, sheets } = clip.thumbnails;
  const phase = ((sheetNumber - 1) * columns * rows) % tilesPerLoop;
  const file = sheets[phase];
  if (!file) throw new Error(`no sprite sheet for phase ${phase}`);
  return file;
}

/**
 * The sheet number to start a window's thumbnail numbering at, so that mapThumbnailSheet gives
 * the window's first sheet the phase of the tile at `offsetSeconds` on the timeline. Windows
 * restart thumbnail numbering at their own start because players place sheet k at
 * (k − startNumber) × sheet duration. When no number has that phase, the nearest phase wins.
 */
export function thumbnailStartNumber(clip: ClipManifest, offsetSeconds: number): number {
  const { columns, rows, tilesPerLoop, intervalSeconds } = clip.thumbnails;
  const wanted = Math.floor(offsetSeconds / intervalSeconds) % tilesPerLoop;
  let best = 1;
  let bestDistance = Infinity;
  for (let s = 1; s <= tilesPerLoop; s += 1) {
    const phase = ((s - 1) * columns * rows) % tilesPerLoop;
    const distance = (wanted - phase + tilesPerLoop) % tilesPerLoop;
    if (distance < bestDistance) [best, bestDistance] = [s, distance];
  }
  return best;
}

/** The segment containing `seconds` on a timeline starting at 0 (1-based). */
export function segmentNumberAt(seconds: number, segmentDurationSeconds: number): number {
  if (!(seconds >= 0)) throw new RangeError('time before the timeline start');
  return Math.floor(seconds / segmentDurationSeconds) + 1;
}

/** Options of liveSegmentRange. */
export interface LiveSegmentRangeOptions {
  nowMs: number;
  availabilityStartTimeMs: number;
  segmentDurationSeconds: number;
  /** How far back the origin serves (default 120 min: the advertised 115 plus the margin). */
  depthSeconds?: number;
}

/**
 * Segment numbers a live origin serves at `nowMs`: segment N is complete once
 * AST + N × duration ≤ now, and kept for `depthSeconds`. Empty (first > last) before the start.
 */
export function liveSegmentRange(options: LiveSegmentRangeOptions): { first: number; last: number } {
  const {
    nowMs,
    availabilityStartTimeMs,
    segmentDurationSeconds: d,
    depthSeconds = TIME_SHIFT_DEPTH_SECONDS,
  } = options;
  const elapsed = (nowMs - availabilityStartTimeMs) / 1000;
  const last = Math.floor(elapsed / d);
  const first = Math.max(1, last - Math.floor(depthSeconds / d) + 1);
  return { first, last };
}
