import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureManifest } from '../test-support/fixture-manifest';
import {
  liveSegmentRange,
  mapClipSegment,
  mapThumbnailSheet,
  segmentNumberAt,
  thumbnailStartNumber,
} from './segment-map';

const clip = fixtureManifest();

describe('mapClipSegment', () => {
  it('serves the clip as is on the first loop, renumbered', () => {
    expect(mapClipSegment(clip, 'video-720p', 1)).toEqual({
      file: 'video-720p/1.m4s',
      clipSegment: 1,
      loop: 0,
      rewrite: { timeOffset: 0n, sequenceNumber: 1 },
    });
    expect(mapClipSegment(clip, 'video-720p', 30)).toMatchObject({
      file: 'video-720p/30.m4s',
      clipSegment: 30,
      loop: 0,
    });
  });

  it('wraps onto the clip and moves time by whole loops in the track timescale', () => {
    expect(mapClipSegment(clip, 'video-720p', 31)).toEqual({
      file: 'video-720p/1.m4s',
      clipSegment: 1,
      loop: 1,
      rewrite: { timeOffset: 5_400_000n, sequenceNumber: 31 },
    });
    expect(mapClipSegment(clip, 'audio-spa', 61).rewrite.timeOffset).toBe(3_840_000n);
    expect(mapClipSegment(clip, 'text-es', 95)).toMatchObject({
      clipSegment: 5,
      loop: 3,
      rewrite: { timeOffset: 180_000n },
    });
  });

  it('handles live numbers years after the anchor (64-bit times)', () => {
    const n = 15_778_800; // about a year of 2 s segments
    const mapped = mapClipSegment(clip, 'video-720p', n);
    expect(mapped.clipSegment).toBe(((n - 1) % 30) + 1);
    expect(mapped.rewrite.timeOffset).toBe(BigInt(Math.floor((n - 1) / 30)) * 5_400_000n);
    expect(mapped.rewrite.timeOffset > 0xffffffffn).toBe(true);
  });

  it('keeps the timeline continuous: clip start + offset = (N−1) segment durations', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_000 }), (n) => {
        const { clipSegment, rewrite } = mapClipSegment(clip, 'video-360p', n);
        return BigInt(clipSegment - 1) * 180_000n + BigInt(rewrite.timeOffset) === BigInt(n - 1) * 180_000n;
      }),
    );
  });

  it('refuses bad numbers and unknown tracks', () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => mapClipSegment(clip, 'video-720p', bad)).toThrow(RangeError);
    expect(() => mapClipSegment(clip, 'video-4k', 1)).toThrow(/no track/);
  });
});

describe('sprite sheets', () => {
  it('maps timeline sheets onto the phase their first tile has', () => {
    // 25 tiles per sheet, 3 per loop: sheet k starts at tile 25(k−1), phase 25(k−1) mod 3.
    expect([1, 2, 3, 4, 5].map((k) => mapThumbnailSheet(clip, k))).toEqual([
      'thumbs/sheet-0.jpg',
      'thumbs/sheet-1.jpg',
      'thumbs/sheet-2.jpg',
      'thumbs/sheet-0.jpg',
      'thumbs/sheet-1.jpg',
    ]);
    expect(() => mapThumbnailSheet(clip, 0)).toThrow(RangeError);
  });

  it('starts a window at the number whose phase matches its first tile', () => {
    expect(thumbnailStartNumber(clip, 0)).toBe(1);
    expect(thumbnailStartNumber(clip, 20)).toBe(2);
    expect(thumbnailStartNumber(clip, 40)).toBe(3);
    expect(thumbnailStartNumber(clip, 60)).toBe(1);
    expect(thumbnailStartNumber(clip, 35)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (offset) => {
        const sheet = mapThumbnailSheet(clip, thumbnailStartNumber(clip, offset));
        return sheet === `thumbs/sheet-${Math.floor(offset / 20) % 3}.jpg`;
      }),
    );
  });

  it('falls back to the nearest phase when none matches', () => {
    const odd = { ...clip, thumbnails: { ...clip.thumbnails, tilesPerLoop: 5, sheets: ['a', 'b', 'c', 'd', 'e'] } };
    expect(thumbnailStartNumber(odd, 40)).toBe(1); // 25 ≡ 0 (mod 5): only phase 0 exists
  });
});

describe('segmentNumberAt and liveSegmentRange', () => {
  it('finds the segment holding an instant', () => {
    expect(segmentNumberAt(0, 2)).toBe(1);
    expect(segmentNumberAt(1.999, 2)).toBe(1);
    expect(segmentNumberAt(2, 2)).toBe(2);
    expect(() => segmentNumberAt(-1, 2)).toThrow(RangeError);
  });

  it('serves complete segments from the last 120 minutes', () => {
    const ast = Date.UTC(2026, 0, 1);
    expect(liveSegmentRange({ nowMs: ast + 1000, availabilityStartTimeMs: ast, segmentDurationSeconds: 2 })).toEqual({
      first: 1,
      last: 0,
    });
    expect(liveSegmentRange({ nowMs: ast + 2000, availabilityStartTimeMs: ast, segmentDurationSeconds: 2 })).toEqual({
      first: 1,
      last: 1,
    });
    const day = liveSegmentRange({ nowMs: ast + 86_400_000, availabilityStartTimeMs: ast, segmentDurationSeconds: 2 });
    expect(day).toEqual({ first: 43_200 - 3600 + 1, last: 43_200 });
    expect(
      liveSegmentRange({
        nowMs: ast + 86_400_000,
        availabilityStartTimeMs: ast,
        segmentDurationSeconds: 2,
        depthSeconds: 60,
      }).first,
    ).toBe(43_200 - 29);
  });
});
