/** The file layout of a packaged clip and the assembly of its manifest.json (pure). */
import { CLIP_MANIFEST_VERSION, type ClipManifest, type ClipTrack } from '../clip-manifest';
import {
  CLIP_DURATION_SECONDS,
  FRAME_RATE,
  SEGMENT_DURATION_SECONDS,
  THUMBNAILS,
  type AudioLanguage,
  type ClipSpec,
  type VideoRendition,
} from '../constants';
import type { InitInfo } from '../mp4/probe';
import { mezzanineAudioFile, mezzanineVideoFile } from './ffmpeg-args';
import type { PackagerStream } from './packager-args';

/** Folder of temporary mezzanine files inside a clip being built. */
export const WORK_DIR = 'work';
/** The plain WebVTT file of a clip. */
export const SUBTITLES_FILE = 'subtitles.es.vtt';
/** Folder of the sprite sheets. */
export const THUMBS_DIR = 'thumbs';

/** One track to package and where it lands. */
export interface TrackPlan {
  id: string;
  kind: 'video' | 'audio' | 'text';
  /** Packager input, relative to the clip folder. */
  input: string;
  initFile: string;
  mediaTemplate: string;
  rendition?: VideoRendition;
  audio?: AudioLanguage;
}

/** Video renditions, audio languages, then the Spanish subtitles. */
export function planClipTracks(
  renditions: readonly VideoRendition[],
  languages: readonly AudioLanguage[],
): TrackPlan[] {
  const paths = (id: string) => ({ initFile: `${id}/init.mp4`, mediaTemplate: `${id}/$Number$.m4s` });
  return [
    ...renditions.map((r): TrackPlan => ({
      id: r.id,
      kind: 'video',
      input: `${WORK_DIR}/${mezzanineVideoFile(r.id)}`,
      rendition: r,
      ...paths(r.id),
    })),
    ...languages.map((a): TrackPlan => {
      const id = `audio-${a.iso639_2}`;
      return { id, kind: 'audio', input: `${WORK_DIR}/${mezzanineAudioFile(a.iso639_2)}`, audio: a, ...paths(id) };
    }),
    { id: 'text-es', kind: 'text', input: SUBTITLES_FILE, ...paths('text-es') },
  ];
}

/** The packager streams of a plan (paths relative to the clip folder). */
export function packagerStreams(plans: readonly TrackPlan[]): PackagerStream[] {
  return plans.map((p) => ({
    input: p.input,
    stream: p.kind,
    language: p.audio?.iso639_2 ?? (p.kind === 'text' ? 'spa' : undefined),
    initSegment: p.initFile,
    segmentTemplate: p.mediaTemplate,
  }));
}

/** Number of distinct thumbnails in one loop; the clip must hold a whole number of them. */
export function thumbnailsPerLoop(
  durationSeconds = CLIP_DURATION_SECONDS,
  intervalSeconds: number = THUMBNAILS.intervalSeconds,
): number {
  const count = durationSeconds / intervalSeconds;
  if (!Number.isInteger(count) || count < 1)
    throw new Error('the clip must last a whole number of thumbnail intervals');
  return count;
}

/** Sprite sheet file of a phase. */
export const sheetFile = (phase: number): string => `${THUMBS_DIR}/sheet-${phase}.jpg`;

/** What was measured on the packaged files of one track. */
export interface TrackProbe {
  init: InitInfo;
  /** Byte sizes of media segments 1…n. */
  segmentSizes: number[];
}

/** Inputs of assembleClipManifest. */
export interface ManifestInputs {
  clip: ClipSpec;
  kid: string;
  plans: readonly TrackPlan[];
  probes: ReadonlyMap<string, TrackProbe>;
  /** Byte sizes of the sprite sheets by phase. */
  sheetSizes: readonly number[];
  inputHash: string;
  durationSeconds?: number;
  segmentDurationSeconds?: number;
}

/** Peak bits per second over segments of `seconds` each. */
export function peakBandwidth(sizes: readonly number[], seconds: number): number {
  return Math.ceil((Math.max(0, ...sizes) * 8) / seconds);
}

/** Builds manifest.json's contents; throws if any track lacks segments. */
export function assembleClipManifest(inputs: ManifestInputs): ClipManifest {
  const { clip, kid, plans, probes, sheetSizes, inputHash } = inputs;
  const durationSeconds = inputs.durationSeconds ?? CLIP_DURATION_SECONDS;
  const segmentDurationSeconds = inputs.segmentDurationSeconds ?? SEGMENT_DURATION_SECONDS;
  const segmentCount = Math.round(durationSeconds / segmentDurationSeconds);
  const firstAudio = plans.find((p) => p.kind === 'audio');
  const tracks = plans.map((plan): ClipTrack => {
    const probe = probes.get(plan.id);
    if (!probe) throw new Error(`track ${plan.id} was not probed`);
    if (probe.segmentSizes.length !== segmentCount) {
      throw new Error(`track ${plan.id} has ${probe.segmentSizes.length} segments, expected ${segmentCount}`);
    }
    const { init } = probe;
    const base = {
      id: plan.id,
      codecs: init.codecs,
      bandwidth: peakBandwidth(probe.segmentSizes, segmentDurationSeconds),
      timescale: init.timescale,
      loopDuration: durationSeconds * init.timescale,
      initFile: plan.initFile,
      mediaTemplate: plan.mediaTemplate,
      encrypted: init.encrypted,
    };
    if (plan.kind === 'video') {
      return {
        ...base,
        type: 'video',
        mimeType: 'video/mp4',
        width: init.width ?? 0,
        height: init.height ?? 0,
        frameRate: FRAME_RATE,
      };
    }
    if (plan.kind === 'audio' && plan.audio) {
      return {
        ...base,
        type: 'audio',
        mimeType: 'audio/mp4',
        language: plan.audio.bcp47,
        language639_2: plan.audio.iso639_2,
        label: plan.audio.label,
        channels: init.channels ?? 1,
        sampleRate: init.sampleRate ?? 0,
        main: plan === firstAudio,
      };
    }
    return { ...base, type: 'text', mimeType: 'application/mp4', language: 'es', label: 'Español' };
  });
  const tilesPerSheet = THUMBNAILS.columns * THUMBNAILS.rows;
  return {
    version: CLIP_MANIFEST_VERSION,
    clipKey: clip.key,
    title: clip.title,
    kid: kid.toLowerCase(),
    durationSeconds,
    segmentDurationSeconds,
    segmentCount,
    tracks,
    subtitles: { file: SUBTITLES_FILE, language: 'es' },
    thumbnails: {
      mimeType: 'image/jpeg',
      ...THUMBNAILS,
      tilesPerLoop: thumbnailsPerLoop(durationSeconds),
      bandwidth: peakBandwidth(sheetSizes, THUMBNAILS.intervalSeconds * tilesPerSheet),
      urlTemplate: `${THUMBS_DIR}/$Number$.jpg`,
      sheets: sheetSizes.map((_, phase) => sheetFile(phase)),
    },
    inputHash,
  };
}
