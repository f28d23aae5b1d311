import { describe, expect, it } from 'vitest';
import { DEMO_CLIPS, type ClipSpec } from '../constants';
import {
  buildSpriteSheetArgs,
  buildSpriteSheetList,
  buildTestPatternArgs,
  buildThumbnailArgs,
  buildVideoSpriteSheetArgs,
} from './ffmpeg-args';
import { escapeFilterValue } from './filter-escape';

const clip = DEMO_CLIPS[0] as ClipSpec;
const valueAfter = (args: string[], flag: string): string[] =>
  args.flatMap((a, i) => (a === flag ? [args[i + 1] as string] : []));

describe('buildTestPatternArgs', () => {
  const args = buildTestPatternArgs({ clip, fontFile: '/fonts/DejaVuSans.ttf' });
  const graph = valueAfter(args, '-filter_complex')[0] as string;

  it('writes every rendition and language from one drawing', () => {
    expect(valueAfter(args, '-map')).toEqual(['[v0]', '[v1]', '[a0]', '[a1]']);
    expect(args.filter((a) => a.endsWith('.mp4'))).toEqual([
      'video-360p.mp4',
      'video-720p.mp4',
      'audio-spa.mp4',
      'audio-eng.mp4',
    ]);
    expect(graph).toContain('split=2[s0][s1]');
    expect(graph).toContain('[s0]scale=640:360[v0]');
    expect(graph).toContain('[s1]null[v1]');
    expect(graph).toContain('s=1280x720:r=25:d=60');
  });

  it('encodes H.264 with a fixed closed 2 s GOP and no B-frames', () => {
    expect(valueAfter(args, '-c:v')).toEqual(['libx264', 'libx264']);
    expect(valueAfter(args, '-g')).toEqual(['50', '50']);
    expect(valueAfter(args, '-keyint_min')).toEqual(['50', '50']);
    expect(valueAfter(args, '-sc_threshold')).toEqual(['0', '0']);
    expect(valueAfter(args, '-bf')).toEqual(['0', '0']);
    expect(valueAfter(args, '-maxrate')).toEqual(['800k', '2500k']);
    expect(valueAfter(args, '-video_track_timescale')).toEqual(['90000', '90000']);
  });

  it('gives each language its own tone and tag, AAC at 32 kHz', () => {
    // One AAC frame short: the priming frame, kept in the timeline, completes the 60 s.
    expect(graph).toContain('sine=f=440:beep_factor=2:sample_rate=32000:d=59.968[a0]');
    expect(graph).toContain('sine=f=660:beep_factor=4:sample_rate=32000:d=59.968[a1]');
    expect(valueAfter(args, '-use_editlist')).toEqual(['0', '0']);
    expect(valueAfter(args, '-c:a')).toEqual(['aac', 'aac']);
    expect(valueAfter(args, '-metadata:s:a:0')).toEqual(['language=spa', 'language=eng']);
    expect(valueAfter(args, '-ar')).toEqual(['32000', '32000']);
  });

  it('draws the title, a frame counter and the clip time with the font, and a moving square', () => {
    expect(graph).toContain('fontfile=/fonts/DejaVuSans.ttf');
    expect(graph).toContain('text=Señal de prueba 1');
    expect(graph).toContain('%{eif\\:n\\:d\\:4}');
    expect(graph).toContain('%{pts\\:hms}');
    expect(graph).toMatch(/overlay=x='\(W-w\)\/2\+480\*sin\(2\*PI\*t\/60\)'/);
  });

  it('draws no text without a font, and honours a shorter duration', () => {
    const plain = buildTestPatternArgs({ clip, durationSeconds: 20 });
    const g = valueAfter(plain, '-filter_complex')[0] as string;
    expect(g).not.toContain('drawtext');
    expect(g).toContain('d=20');
    expect(g).toContain('sin(2*PI*t/20)');
  });

  it('reports progress on stdout and never reads stdin', () => {
    expect(args.slice(0, 9)).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-progress',
      'pipe:1',
      '-nostats',
      '-filter_complex',
    ]);
  });

  it('refuses an empty ladder', () => {
    expect(() => buildTestPatternArgs({ clip, renditions: [] })).toThrow(/rendition/);
  });
});

describe('escapeFilterValue', () => {
  it('escapes for the option parser, then for the graph parser', () => {
    expect(escapeFilterValue('plain text')).toBe('plain text');
    expect(escapeFilterValue('a:b')).toBe('a\\\\:b');
    expect(escapeFilterValue("it's")).toBe("it\\\\\\'s");
    expect(escapeFilterValue('x,y;[z]')).toBe('x\\,y\\;\\[z\\]');
  });
});

describe('thumbnails and sprite sheets', () => {
  it('extracts one thumbnail per 20 s from 0, 256x144', () => {
    const args = buildThumbnailArgs('video-360p.mp4', 3);
    expect(valueAfter(args, '-vf')).toEqual(['fps=1/20:start_time=0:round=up,scale=256:144']);
    expect(valueAfter(args, '-frames:v')).toEqual(['3']);
    expect(args.at(-1)).toBe('thumb-%d.jpg');
  });

  it('lists 25 tiles cycling from the phase', () => {
    const list = buildSpriteSheetList(1, 3)
      .split('\n')
      .filter((l) => l.startsWith('file'));
    expect(list).toHaveLength(25);
    expect(list.slice(0, 4)).toEqual([
      "file 'thumb-2.jpg'",
      "file 'thumb-3.jpg'",
      "file 'thumb-1.jpg'",
      "file 'thumb-2.jpg'",
    ]);
    expect(buildSpriteSheetList(0, 3).startsWith('ffconcat version 1.0\n')).toBe(true);
  });

  it('tiles 5x5 into one JPEG', () => {
    const args = buildSpriteSheetArgs('sheet-0.txt', '../thumbs/sheet-0.jpg');
    expect(valueAfter(args, '-f')).toEqual(['concat']);
    expect(valueAfter(args, '-vf')).toEqual(['tile=5x5']);
    expect(args.at(-1)).toBe('../thumbs/sheet-0.jpg');
  });

  it('tiles a long video directly', () => {
    const args = buildVideoSpriteSheetArgs('film.mp4', 'sheet-%d.jpg');
    expect(valueAfter(args, '-vf')).toEqual(['fps=1/20:start_time=0:round=up,scale=256:144,tile=5x5']);
  });
});

describe('every demo clip', () => {
  it('is distinct in name, colour and tones', () => {
    const distinct = (values: string[]) => new Set(values).size === values.length;
    expect(DEMO_CLIPS).toHaveLength(5);
    expect(distinct(DEMO_CLIPS.map((c) => c.key))).toBe(true);
    expect(distinct(DEMO_CLIPS.map((c) => c.title))).toBe(true);
    expect(distinct(DEMO_CLIPS.map((c) => c.background))).toBe(true);
    expect(DEMO_CLIPS.every((c) => c.toneHz.spa !== c.toneHz.eng)).toBe(true);
  });
});
