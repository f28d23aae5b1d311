/**
 * prepareDemoMedia: encodes, packages and encrypts the demo clips, with sprite sheets and a
 * manifest.json each. Idempotent: a clip whose marker holds the current input hash is kept;
 * anything else (missing, half-made, made from other inputs) is rebuilt beside it and swapped in.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CLIP_MANIFEST_VERSION, assertClipManifest, type ClipManifest } from './clip-manifest';
import { AUDIO_LANGUAGES, CLIP_DURATION_SECONDS, DEMO_CLIPS, VIDEO_RENDITIONS, type ClipSpec } from './constants';
import {
  buildSpriteSheetArgs,
  buildSpriteSheetList,
  buildTestPatternArgs,
  buildThumbnailArgs,
  mezzanineVideoFile,
} from './encode/ffmpeg-args';
import {
  SUBTITLES_FILE,
  THUMBS_DIR,
  WORK_DIR,
  assembleClipManifest,
  packagerStreams,
  planClipTracks,
  sheetFile,
  thumbnailsPerLoop,
  type TrackProbe,
} from './encode/layout';
import { buildPackagerArgs } from './encode/packager-args';
import { runTool } from './encode/run-tool';
import { buildSubtitleCues, buildWebVtt } from './encode/subtitles';
import { assertHex128, type ContentKey } from './keys';
import { readInitInfo } from './mp4/probe';
import { resolveFfmpegPath, resolveFontFile, resolvePackagerPath } from './tools';

/** Marker file written last into a finished clip folder; holds the input hash. */
export const COMPLETE_MARKER = '.complete';
/** The per-clip manifest file name. */
export const CLIP_MANIFEST_FILE = 'manifest.json';

/** A step of the work, for a progress display. */
export type MediaStep = 'skip' | 'encode' | 'package' | 'thumbnails' | 'manifest' | 'done';

/** One progress report. */
export interface MediaProgress {
  clipKey: string;
  clipIndex: number;
  clipCount: number;
  step: MediaStep;
  /** Whole job, 0…1 (encoding weighs most). */
  overall: number;
  message: string;
}

/** Options of prepareDemoMedia. */
export interface PrepareDemoMediaOptions {
  outDir: string;
  /** Content key per clip key (one key per package of content). */
  keys: Readonly<Record<string, ContentKey>>;
  clips?: readonly ClipSpec[];
  onProgress?: (progress: MediaProgress) => void;
  ffmpegPath?: string;
  packagerPath?: string;
  /** Font for the drawn text; null draws none. Default: resolveFontFile(). */
  fontFile?: string | null;
  /** Clip length (default 60 s; a multiple of 20 s). Shorter only for tests and quick runs. */
  durationSeconds?: number;
  signal?: AbortSignal;
}

/** One clip's result. */
export interface PreparedClip {
  clipKey: string;
  dir: string;
  manifest: ClipManifest;
  /** True when an existing finished clip was kept. */
  skipped: boolean;
}

// Share of a clip's work each step spans (encoding dominates).
const stepSpan: Record<MediaStep, [number, number]> = {
  skip: [1, 1],
  encode: [0, 0.85],
  package: [0.85, 0.93],
  thumbnails: [0.93, 0.97],
  manifest: [0.97, 1],
  done: [1, 1],
};

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

function hashInputs(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Packages every clip (sequentially: ffmpeg already keeps both cores busy). */
export async function prepareDemoMedia(
  options: PrepareDemoMediaOptions,
): Promise<{ clips: PreparedClip[]; elapsedMs: number }> {
  const started = Date.now();
  const clips = options.clips ?? DEMO_CLIPS;
  for (const clip of clips) {
    const key = options.keys[clip.key];
    if (!key) throw new Error(`no content key for ${clip.key}`);
    assertHex128(key.kid, `kid of ${clip.key}`);
    assertHex128(key.key, `key of ${clip.key}`);
  }
  const ffmpeg = options.ffmpegPath ?? resolveFfmpegPath();
  const packager = options.packagerPath ?? resolvePackagerPath();
  const fontFile = options.fontFile === null ? undefined : (options.fontFile ?? resolveFontFile());
  await mkdir(options.outDir, { recursive: true });

  const results: PreparedClip[] = [];
  for (const [clipIndex, clip] of clips.entries()) {
    const report = (step: MediaStep, message: string, within = 0): void => {
      const [from, to] = stepSpan[step];
      const share = from + within * (to - from);
      options.onProgress?.({
        clipKey: clip.key,
        clipIndex,
        clipCount: clips.length,
        step,
        overall: (clipIndex + share) / clips.length,
        message,
      });
    };
    const durationSeconds = options.durationSeconds ?? CLIP_DURATION_SECONDS;
    results.push(
      await prepareClip(clip, options.keys[clip.key] as ContentKey, {
        ...options,
        ffmpeg,
        packager,
        fontFile,
        durationSeconds,
        report,
      }),
    );
  }
  return { clips: results, elapsedMs: Date.now() - started };
}

interface ClipContext {
  outDir: string;
  ffmpeg: string;
  packager: string;
  fontFile: string | undefined;
  durationSeconds: number;
  signal?: AbortSignal;
  report: (step: MediaStep, message: string, within?: number) => void;
}

async function prepareClip(clip: ClipSpec, key: ContentKey, ctx: ClipContext): Promise<PreparedClip> {
  const finalDir = path.join(ctx.outDir, clip.key);
  const buildDir = path.join(ctx.outDir, `${clip.key}.partial`);
  const plans = planClipTracks(VIDEO_RENDITIONS, AUDIO_LANGUAGES);
  const { durationSeconds } = ctx;
  const tiles = thumbnailsPerLoop(durationSeconds);
  const encodeArgs = buildTestPatternArgs({ clip, fontFile: ctx.fontFile, durationSeconds });
  const vtt = buildWebVtt(buildSubtitleCues(clip.title, durationSeconds));
  const packagerArgs = buildPackagerArgs({ streams: packagerStreams(plans), kid: key.kid, key: key.key });
  const thumbArgs = buildThumbnailArgs(mezzanineVideoFile(VIDEO_RENDITIONS[0]?.id ?? ''), tiles);
  const sheets = Array.from({ length: tiles }, (_, phase) => ({
    list: buildSpriteSheetList(phase, tiles),
    args: buildSpriteSheetArgs(`sheet-${phase}.txt`, path.posix.join('..', sheetFile(phase))),
  }));
  // The packager arguments carry the key, so a new key also rebuilds (only the hash is stored).
  const inputHash = hashInputs({
    version: CLIP_MANIFEST_VERSION,
    clip,
    encodeArgs,
    vtt,
    packagerArgs,
    thumbArgs,
    sheets,
  });

  const marker = await readIfExists(path.join(finalDir, COMPLETE_MARKER));
  const existing = await readIfExists(path.join(finalDir, CLIP_MANIFEST_FILE));
  if (marker?.trim() === inputHash && existing) {
    const manifest: unknown = JSON.parse(existing);
    assertClipManifest(manifest);
    ctx.report('skip', `${clip.title}: ya preparado`);
    return { clipKey: clip.key, dir: finalDir, manifest, skipped: true };
  }

  await rm(buildDir, { recursive: true, force: true });
  const workDir = path.join(buildDir, WORK_DIR);
  await mkdir(workDir, { recursive: true });
  await mkdir(path.join(buildDir, THUMBS_DIR));
  await writeFile(path.join(buildDir, SUBTITLES_FILE), vtt);

  ctx.report('encode', `${clip.title}: codificando`);
  const totalUs = durationSeconds * 1e6;
  await runTool(ctx.ffmpeg, encodeArgs, {
    cwd: workDir,
    signal: ctx.signal,
    onStdoutLine: (line) => {
      // ffmpeg -progress: out_time_us (out_time_ms is also microseconds, despite its name).
      const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
      if (match) ctx.report('encode', `${clip.title}: codificando`, Math.min(1, Number(match[1]) / totalUs));
    },
  });

  ctx.report('package', `${clip.title}: empaquetando y cifrando`);
  await runTool(ctx.packager, packagerArgs, { cwd: buildDir, signal: ctx.signal });

  ctx.report('thumbnails', `${clip.title}: miniaturas`);
  await runTool(ctx.ffmpeg, thumbArgs, { cwd: workDir, signal: ctx.signal });
  for (const [phase, sheet] of sheets.entries()) {
    await writeFile(path.join(workDir, `sheet-${phase}.txt`), sheet.list);
    await runTool(ctx.ffmpeg, sheet.args, { cwd: workDir, signal: ctx.signal });
  }

  ctx.report('manifest', `${clip.title}: manifiesto`);
  const probes = new Map<string, TrackProbe>();
  for (const plan of plans) {
    const init = readInitInfo(await readFile(path.join(buildDir, plan.initFile)));
    probes.set(plan.id, { init, segmentSizes: await segmentSizes(buildDir, plan.mediaTemplate) });
  }
  const sheetSizes = await Promise.all(
    sheets.map(async (_, phase) => (await stat(path.join(buildDir, sheetFile(phase)))).size),
  );
  const manifest = assembleClipManifest({ clip, kid: key.kid, plans, probes, sheetSizes, inputHash, durationSeconds });
  await writeFile(path.join(buildDir, CLIP_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  await rm(workDir, { recursive: true, force: true });
  await writeFile(path.join(buildDir, COMPLETE_MARKER), `${inputHash}\n`);

  await rm(finalDir, { recursive: true, force: true });
  await rename(buildDir, finalDir);
  ctx.report('done', `${clip.title}: listo`);
  return { clipKey: clip.key, dir: finalDir, manifest, skipped: false };
}

/** Sizes of media segments 1…n of a template, stopping at the first missing number. */
async function segmentSizes(dir: string, template: string): Promise<number[]> {
  const folder = path.dirname(template);
  const names = new Set(await readdir(path.join(dir, folder)));
  const sizes: number[] = [];
  for (let n = 1; names.has(path.basename(template).replace('$Number$', String(n))); n += 1) {
    sizes.push((await stat(path.join(dir, template.replace('$Number$', String(n))))).size);
  }
  return sizes;
}

/** Reads and checks `<outDir>/<clipKey>/manifest.json`. */
export async function readClipManifest(outDir: string, clipKey: string): Promise<ClipManifest> {
  const manifest: unknown = JSON.parse(await readFile(path.join(outDir, clipKey, CLIP_MANIFEST_FILE), 'utf8'));
  assertClipManifest(manifest);
  return manifest;
}
