/** Pure ffmpeg argument builders: the test-pattern mezzanine, thumbnails and sprite sheets. */
import {
  AUDIO_BITRATE_KBPS,
  AUDIO_LANGUAGES,
  AUDIO_SAMPLE_RATE,
  CLIP_DURATION_SECONDS,
  FRAME_RATE,
  SEGMENT_DURATION_SECONDS,
  THUMBNAILS,
  VIDEO_RENDITIONS,
  VIDEO_TIMESCALE,
  type AudioLanguage,
  type ClipSpec,
  type VideoRendition,
} from '../constants';
import { escapeFilterValue } from './filter-escape';

/** Samples per AAC-LC frame. */
const AAC_FRAME_SAMPLES = 1024;

/** Mezzanine file name of a video rendition (relative to the clip's work directory). */
export const mezzanineVideoFile = (renditionId: string): string => `${renditionId}.mp4`;
/** Mezzanine file name of an audio language (relative to the clip's work directory). */
export const mezzanineAudioFile = (language: string): string => `audio-${language}.mp4`;

/** Options of the test-pattern encode; defaults are the demo's fixed parameters. */
export interface TestPatternOptions {
  clip: ClipSpec;
  /** TrueType font for the title and counter; without one the clip has no text. */
  fontFile?: string;
  durationSeconds?: number;
  renditions?: readonly VideoRendition[];
  languages?: readonly AudioLanguage[];
  frameRate?: number;
}

/** Common flags: quiet, machine-readable progress on stdout, never wait for stdin. */
const baseArgs = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats'];

/**
 * One ffmpeg run that draws the clip once and writes every video rendition and audio language
 * as mezzanine MP4s: drawing is shared and both cores encode in parallel.
 */
export function buildTestPatternArgs(options: TestPatternOptions): string[] {
  const {
    clip,
    fontFile,
    durationSeconds = CLIP_DURATION_SECONDS,
    renditions = VIDEO_RENDITIONS,
    languages = AUDIO_LANGUAGES,
    frameRate = FRAME_RATE,
  } = options;
  if (renditions.length === 0) throw new Error('at least one video rendition is needed');
  const largest = renditions.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const { width, height } = largest;
  const gop = Math.round(SEGMENT_DURATION_SECONDS * frameRate);
  const square = Math.round(height / 6);
  const d = durationSeconds;

  // Every motion period (60 s horizontally, 4 s vertically) divides the clip length so the
  // loop joins without a jump; the slow horizontal sweep makes the 20 s thumbnails differ.
  const graph: string[] = [
    `color=c=0x${clip.background}:s=${width}x${height}:r=${frameRate}:d=${d}[bg]`,
    `color=c=0x${clip.accent}:s=${square}x${square}:r=${frameRate}:d=${d}[dot]`,
  ];
  const picture = [
    `[bg][dot]overlay=x='(W-w)/2+${Math.round(width * 0.375)}*sin(2*PI*t/${d})':y='(H-h)/2+${Math.round(height / 12)}*sin(2*PI*t/4)':eval=frame:shortest=1`,
  ];
  if (fontFile) {
    const font = escapeFilterValue(fontFile);
    picture.push(
      `drawtext=fontfile=${font}:expansion=none:text=${escapeFilterValue(clip.title)}:fontsize=${Math.round(height * 0.15)}:fontcolor=white:borderw=4:bordercolor=black:x=(w-tw)/2:y=h*0.1`,
      // %{eif} zero-pads the frame number; %{pts:hms} is the position in the clip.
      `drawtext=fontfile=${font}:text='Fotograma %{eif\\:n\\:d\\:4}   %{pts\\:hms}':fontsize=${Math.round(height * 0.062)}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=12:x=(w-tw)/2:y=h*0.74`,
    );
  }
  picture.push(`split=${renditions.length}${renditions.map((_, i) => `[s${i}]`).join('')}`);
  graph.push(picture.join(','));
  renditions.forEach((r, i) => {
    const fit = r.width === width && r.height === height ? 'null' : `scale=${r.width}:${r.height}`;
    graph.push(`[s${i}]${fit}[v${i}]`);
  });
  // AAC adds one priming frame (1024 samples). Drawing one frame less of tone and keeping the
  // priming in the timeline (no edit list) makes the track exactly d long, so loops neither
  // overlap nor leave a gap: 60 s at 32 kHz is 1875 frames.
  const toneSeconds = (d * AUDIO_SAMPLE_RATE - AAC_FRAME_SAMPLES) / AUDIO_SAMPLE_RATE;
  languages.forEach((language, i) => {
    graph.push(
      `sine=f=${clip.toneHz[language.iso639_2]}:beep_factor=${language.beepFactor}:sample_rate=${AUDIO_SAMPLE_RATE}:d=${toneSeconds}[a${i}]`,
    );
  });

  const args = [...baseArgs, '-filter_complex', graph.join(';')];
  renditions.forEach((r, i) => {
    args.push(
      '-map',
      `[v${i}]`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      r.profile,
      '-pix_fmt',
      'yuv420p',
      // Capped CRF: quality-driven, never above the rendition's advertised ceiling.
      '-crf',
      '23',
      '-maxrate',
      `${r.maxBitrateKbps}k`,
      '-bufsize',
      `${r.maxBitrateKbps * 2}k`,
      // Fixed closed GOP = one segment; no B-frames so decode and presentation times match.
      '-g',
      String(gop),
      '-keyint_min',
      String(gop),
      '-sc_threshold',
      '0',
      '-bf',
      '0',
      '-video_track_timescale',
      String(VIDEO_TIMESCALE),
      mezzanineVideoFile(r.id),
    );
  });
  languages.forEach((language, i) => {
    args.push(
      '-map',
      `[a${i}]`,
      '-c:a',
      'aac',
      '-b:a',
      `${AUDIO_BITRATE_KBPS}k`,
      '-ac',
      '1',
      '-ar',
      String(AUDIO_SAMPLE_RATE),
      '-metadata:s:a:0',
      `language=${language.iso639_2}`,
      '-use_editlist',
      '0',
      mezzanineAudioFile(language.iso639_2),
    );
  });
  return args;
}

/** Tile geometry and cadence of the sprite sheets. */
export interface ThumbnailGrid {
  intervalSeconds: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

/**
 * Extracts `count` thumbnails, one per interval starting at 0 (`thumb-1.jpg`, …); fps with
 * start_time=0 and round=up picks the frames at exactly 0, 20, 40 s.
 */
export function buildThumbnailArgs(input: string, count: number, grid: ThumbnailGrid = THUMBNAILS): string[] {
  return [
    ...baseArgs,
    '-i',
    input,
    '-vf',
    `fps=1/${grid.intervalSeconds}:start_time=0:round=up,scale=${grid.tileWidth}:${grid.tileHeight}`,
    '-frames:v',
    String(count),
    '-q:v',
    '4',
    'thumb-%d.jpg',
  ];
}

/**
 * The ffconcat list of one looped sprite sheet: tile j shows clip thumbnail (phase + j) mod
 * count, so the sheet fits any timeline position whose first tile has that phase.
 */
export function buildSpriteSheetList(phase: number, thumbnailCount: number, grid: ThumbnailGrid = THUMBNAILS): string {
  const lines = ['ffconcat version 1.0'];
  for (let j = 0; j < grid.columns * grid.rows; j += 1) {
    lines.push(`file 'thumb-${((phase + j) % thumbnailCount) + 1}.jpg'`, 'duration 1');
  }
  return `${lines.join('\n')}\n`;
}

/** Tiles the images of an ffconcat list into one JPEG sheet. */
export function buildSpriteSheetArgs(listFile: string, output: string, grid: ThumbnailGrid = THUMBNAILS): string[] {
  return [
    ...baseArgs,
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    listFile,
    '-vf',
    `tile=${grid.columns}x${grid.rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    output,
  ];
}

/** Sprite sheets straight from a long video (not looped): `pattern` like `sheet-%d.jpg`. */
export function buildVideoSpriteSheetArgs(input: string, pattern: string, grid: ThumbnailGrid = THUMBNAILS): string[] {
  return [
    ...baseArgs,
    '-i',
    input,
    '-vf',
    `fps=1/${grid.intervalSeconds}:start_time=0:round=up,scale=${grid.tileWidth}:${grid.tileHeight},tile=${grid.columns}x${grid.rows}`,
    '-q:v',
    '4',
    pattern,
  ];
}
