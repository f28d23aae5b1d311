/** The per-clip manifest.json: everything the origin needs to serve a packaged clip. */

/** Bumped whenever the file layout or this format changes; prepareDemoMedia redoes older clips. */
export const CLIP_MANIFEST_VERSION = 1;

/** Fields every packaged track has. */
interface TrackBase {
  /** Representation id; also the folder holding its segments. */
  id: string;
  mimeType: string;
  codecs: string;
  /** Peak bits per second over the clip's segments (DASH @bandwidth). */
  bandwidth: number;
  timescale: number;
  /** Clip length in this track's timescale: the tfdt offset added per loop. */
  loopDuration: number;
  /** Init segment path, relative to the clip folder (and to the MPD's segment base). */
  initFile: string;
  /** Media segment path with `$Number$` = clip segment 1…segmentCount on disk. */
  mediaTemplate: string;
  encrypted: boolean;
}

/** An H.264 rendition. */
export interface VideoTrack extends TrackBase {
  type: 'video';
  width: number;
  height: number;
  frameRate: number;
}

/** An AAC audio language. */
export interface AudioTrack extends TrackBase {
  type: 'audio';
  /** BCP 47, as the MPD's @lang. */
  language: string;
  /** ISO 639-2, as inside the MP4. */
  language639_2: string;
  label: string;
  channels: number;
  sampleRate: number;
  /** The default audio (Role main). */
  main: boolean;
}

/** Subtitles as WebVTT in fMP4 (wvtt) segments, so live and loops work like audio and video. */
export interface TextTrack extends TrackBase {
  type: 'text';
  language: string;
  label: string;
}

/** Any packaged track. */
export type ClipTrack = VideoTrack | AudioTrack | TextTrack;

/** The looped sprite sheets of a clip. */
export interface ClipThumbnails {
  mimeType: 'image/jpeg';
  intervalSeconds: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  /** Distinct thumbnails in one loop of the clip (clip duration / interval). */
  tilesPerLoop: number;
  /** Peak bits per second of a sheet over its duration. */
  bandwidth: number;
  /** URL path of timeline sheet `$Number$` (mapped onto `sheets` by mapThumbnailSheet). */
  urlTemplate: string;
  /** Sheet files by phase: sheets[p] starts with clip thumbnail p and continues cyclically. */
  sheets: string[];
}

/** Contents of `<outDir>/<clipKey>/manifest.json`. Holds the key id, never the key. */
export interface ClipManifest {
  version: typeof CLIP_MANIFEST_VERSION;
  clipKey: string;
  title: string;
  /** Content key id, 32 hex digits. */
  kid: string;
  durationSeconds: number;
  segmentDurationSeconds: number;
  segmentCount: number;
  tracks: ClipTrack[];
  /** The Spanish subtitles as one plain WebVTT file too (for a sidecar or for checks). */
  subtitles: { file: string; language: string };
  thumbnails: ClipThumbnails;
  /** Hash of every input of the packaging run (idempotence). */
  inputHash: string;
}

/** Light structural check of a parsed manifest.json (it is our own file, so no full schema). */
export function assertClipManifest(value: unknown): asserts value is ClipManifest {
  const m = value as Partial<ClipManifest> | null;
  if (
    !m ||
    m.version !== CLIP_MANIFEST_VERSION ||
    typeof m.clipKey !== 'string' ||
    typeof m.kid !== 'string' ||
    !Array.isArray(m.tracks) ||
    m.tracks.length === 0 ||
    typeof m.segmentCount !== 'number' ||
    !m.thumbnails
  ) {
    throw new Error('not a clip manifest of this version');
  }
}
