// Runs the real ffmpeg and shaka-packager on one 20 s clip (about 2 s per build on 2 cores).
import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClipManifest } from './clip-manifest';
import { DEMO_CLIPS, type ClipSpec } from './constants';
import { mapClipSegment } from './dash/segment-map';
import { deriveContentKeys } from './keys';
import { childrenOf, fullBoxHeader, readBoxes, viewOf } from './mp4/boxes';
import { readInitInfo, readSegmentTimes } from './mp4/probe';
import { rewriteSegmentTime } from './mp4/rewrite-segment';
import { COMPLETE_MARKER, prepareDemoMedia, readClipManifest, type MediaProgress } from './prepare';
import { checkSegment } from './test-support/segment-check';

const clip = DEMO_CLIPS[1] as ClipSpec;
const keys = deriveContentKeys('a-test-secret-of-some-length', [clip.key]);
const key = keys[clip.key] as { kid: string; key: string };
let outDir = '';
let manifest: ClipManifest;
const progress: MediaProgress[] = [];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'pantalla-media-'));
  const result = await prepareDemoMedia({
    outDir,
    keys,
    clips: [clip],
    durationSeconds: 20,
    onProgress: (p) => progress.push(p),
  });
  manifest = (result.clips[0] as { manifest: ClipManifest }).manifest;
}, 60_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const clipFile = (file: string) => readFile(path.join(outDir, clip.key, file));

/** Sum of sample durations of a media segment (trun durations or the tfhd default). */
function segmentDuration(segment: Uint8Array): number {
  const view = viewOf(segment);
  const moof = readBoxes(segment).find((b) => b.type === 'moof');
  const traf = moof && childrenOf(segment, moof).find((b) => b.type === 'traf');
  if (!traf) throw new Error('no traf');
  const kids = childrenOf(segment, traf);
  const tfhd = kids.find((b) => b.type === 'tfhd');
  const trun = kids.find((b) => b.type === 'trun');
  if (!tfhd || !trun) throw new Error('no tfhd/trun');
  const tf = fullBoxHeader(segment, tfhd).flags;
  let p = tfhd.start + tfhd.headerSize + 8 + (tf & 1 ? 8 : 0) + (tf & 2 ? 4 : 0);
  const defaultDuration = tf & 8 ? view.getUint32(p) : 0;
  const tr = fullBoxHeader(segment, trun).flags;
  const count = view.getUint32(trun.start + trun.headerSize + 4);
  if (!(tr & 0x100)) return count * defaultDuration;
  const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => tr & f).length * 4;
  p = trun.start + trun.headerSize + 8 + (tr & 1 ? 4 : 0) + (tr & 4 ? 4 : 0);
  let total = 0;
  for (let i = 0; i < count; i += 1, p += perSample) total += view.getUint32(p);
  return total;
}

describe('prepareDemoMedia (real tools)', () => {
  it('writes a manifest that matches the packaged files', async () => {
    expect(manifest).toMatchObject({
      clipKey: 'clip-2',
      title: 'Señal de prueba 2',
      kid: key.kid,
      durationSeconds: 20,
      segmentCount: 10,
    });
    expect(manifest.tracks.map((t) => `${t.id} ${t.codecs} ${t.timescale} ${t.encrypted}`)).toEqual([
      'video-360p avc1.4d401e 90000 true',
      'video-720p avc1.64001f 90000 true',
      'audio-spa mp4a.40.2 32000 true',
      'audio-eng mp4a.40.2 32000 true',
      'text-es wvtt 1000 false',
    ]);
    expect(await readClipManifest(outDir, clip.key)).toEqual(manifest);
    for (const track of manifest.tracks) {
      expect(track.bandwidth).toBeGreaterThan(0);
      expect(readInitInfo(await clipFile(track.initFile)).timescale).toBe(track.timescale);
    }
    expect(manifest.thumbnails).toMatchObject({ tilesPerLoop: 1, sheets: ['thumbs/sheet-0.jpg'] });
    const sheet = await clipFile('thumbs/sheet-0.jpg');
    expect([sheet[0], sheet[1]]).toEqual([0xff, 0xd8]); // JPEG
    expect((await clipFile('subtitles.es.vtt')).toString()).toMatch(/^WEBVTT\n/);
  });

  it('leaves no work files behind and never writes the key', async () => {
    const entries = await readdir(path.join(outDir, clip.key), { recursive: true });
    expect(entries.some((e) => e.startsWith('work'))).toBe(false);
    expect(await readdir(outDir)).toEqual([clip.key]);
    for (const entry of entries) {
      const file = path.join(outDir, clip.key, entry);
      if ((await stat(file)).isFile()) expect((await readFile(file)).toString('hex')).not.toContain(key.key);
    }
  });

  it('reports every step with overall progress rising to 1', () => {
    expect([...new Set(progress.map((p) => p.step))]).toEqual(['encode', 'package', 'thumbnails', 'manifest', 'done']);
    const overall = progress.map((p) => p.overall);
    expect(overall.every((v, i) => i === 0 || v >= (overall[i - 1] as number))).toBe(true);
    expect(overall.at(-1)).toBe(1);
  });

  it('shifts real segments across loops: 64-bit times, consistent offsets, same samples', async () => {
    for (const track of manifest.tracks) {
      for (const n of [1, 10]) {
        const original = await clipFile(track.mediaTemplate.replace('$Number$', String(n)));
        const timeline = 14_000_000 * 10 + n; // about 9 years of 2 s segments after the anchor
        const mapped = mapClipSegment(manifest, track.id, timeline);
        const out = rewriteSegmentTime(original, mapped.rewrite);
        const before = checkSegment(original);
        const after = checkSegment(out);
        expect(after.sequenceNumber).toBe(timeline);
        expect(after.tfdt[0]?.version).toBe(1);
        expect(after.tfdt[0]?.value).toBe((before.tfdt[0]?.value ?? 0n) + BigInt(mapped.rewrite.timeOffset));
        if (before.sidx) expect(after.sidx?.ept).toBe(before.sidx.ept + BigInt(mapped.rewrite.timeOffset));
        expect(Buffer.from(after.mdatPayload).equals(Buffer.from(before.mdatPayload))).toBe(true);
      }
    }
  });

  it('joins loops exactly: the last segment of a loop ends where the next loop starts', async () => {
    for (const track of manifest.tracks) {
      const last = rewriteSegmentTime(
        await clipFile(track.mediaTemplate.replace('$Number$', '10')),
        mapClipSegment(manifest, track.id, 20).rewrite,
      );
      const first = rewriteSegmentTime(
        await clipFile(track.mediaTemplate.replace('$Number$', '1')),
        mapClipSegment(manifest, track.id, 21).rewrite,
      );
      const end = (readSegmentTimes(last).baseMediaDecodeTimes[0] ?? 0n) + BigInt(segmentDuration(last));
      expect(readSegmentTimes(first).baseMediaDecodeTimes[0]).toBe(end);
      expect(readSegmentTimes(first).baseMediaDecodeTimes[0]).toBe(BigInt(2 * track.loopDuration));
    }
  });

  it('keeps a finished clip, and rebuilds a half-made or unmarked one', async () => {
    const markerFile = path.join(outDir, clip.key, COMPLETE_MARKER);
    const kept = await prepareDemoMedia({ outDir, keys, clips: [clip], durationSeconds: 20 });
    expect(kept.clips[0]?.skipped).toBe(true);
    expect(kept.elapsedMs).toBeLessThan(1000);

    await writeFile(markerFile, 'stale\n');
    await mkdir(path.join(outDir, `${clip.key}.partial`, 'work'), { recursive: true });
    const rebuilt = await prepareDemoMedia({ outDir, keys, clips: [clip], durationSeconds: 20 });
    expect(rebuilt.clips[0]?.skipped).toBe(false);
    expect(rebuilt.clips[0]?.manifest).toEqual(manifest);
    expect((await readFile(markerFile, 'utf8')).trim()).toBe(manifest.inputHash);
    expect(await readdir(outDir)).toEqual([clip.key]);
  }, 60_000);

  it('refuses to start without a key for every clip', async () => {
    await expect(prepareDemoMedia({ outDir, keys: {}, clips: [clip] })).rejects.toThrow(/no content key/);
  });
});
