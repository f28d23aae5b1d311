/** Demo clip catalogue and the fixed media parameters every part of the package agrees on. */

/** Length of every demo clip; a multiple of the segment and thumbnail intervals so loops are exact. */
export const CLIP_DURATION_SECONDS = 60;
/** Fixed fMP4 segment (and GOP) duration. */
export const SEGMENT_DURATION_SECONDS = 2;
/** PAL frame rate: 2 s GOPs of 50 frames. */
export const FRAME_RATE = 25;
/** 32 kHz makes 60 s exactly 1875 AAC frames, so audio loops without drift. */
export const AUDIO_SAMPLE_RATE = 32000;
/** AAC bitrate per (mono) audio language. */
export const AUDIO_BITRATE_KBPS = 64;
/** Video timescale of the mezzanine and the packaged tracks. */
export const VIDEO_TIMESCALE = 90000;

/** Thumbnail grid (spec §9: one per 20 s, 5 per row, 25 per sheet). */
export const THUMBNAILS = {
  intervalSeconds: 20,
  columns: 5,
  rows: 5,
  tileWidth: 256,
  tileHeight: 144,
} as const;

/** Time-shift depth the origin keeps (spec §4/§9: 120 min). */
export const TIME_SHIFT_DEPTH_SECONDS = 120 * 60;
/** Safety margin kept off the advertised window (spec §4/§9: 5 min). */
export const TIME_SHIFT_MARGIN_SECONDS = 5 * 60;
/**
 * Window advertised in the live MPD: the origin serves 120 min but announces 115, so a player
 * sitting at the oldest edge (plus its buffer, clock skew and fetch time) never asks for a
 * segment the origin has just dropped.
 */
export const ADVERTISED_TIME_SHIFT_SECONDS = TIME_SHIFT_DEPTH_SECONDS - TIME_SHIFT_MARGIN_SECONDS;

/**
 * Live content keys rotate: each channel timeline is cut into key periods this long (from the
 * timeline's start), each period encrypted under its own key, so a key lifted from a player
 * opens at most this much of a channel.
 */
export const KEY_PERIOD_SECONDS = 3600;

/** Anchor of every live channel timeline unless a channel passes its own. */
export const LIVE_EPOCH_MS = Date.UTC(2026, 0, 1, 0, 0, 0);

/** One video rendition of the ladder. */
export interface VideoRendition {
  id: string;
  width: number;
  height: number;
  /** Cap for capped-CRF encoding: test patterns need far less, real peaks stay under it. */
  maxBitrateKbps: number;
  profile: 'main' | 'high';
}

/** The video ladder: 360p and 720p H.264. */
export const VIDEO_RENDITIONS: readonly VideoRendition[] = [
  { id: 'video-360p', width: 640, height: 360, maxBitrateKbps: 800, profile: 'main' },
  { id: 'video-720p', width: 1280, height: 720, maxBitrateKbps: 2500, profile: 'high' },
];

/** An audio language of every clip (ISO 639-2 in the MP4, BCP 47 in the MPD). */
export interface AudioLanguage {
  iso639_2: 'spa' | 'eng';
  bcp47: 'es' | 'en';
  label: string;
  /** Beeps per second pattern so the two languages are told apart by ear. */
  beepFactor: number;
}

/** Spanish first: it is the main audio. */
export const AUDIO_LANGUAGES: readonly AudioLanguage[] = [
  { iso639_2: 'spa', bcp47: 'es', label: 'Español', beepFactor: 2 },
  { iso639_2: 'eng', bcp47: 'en', label: 'English', beepFactor: 4 },
];

/** What makes one demo clip distinct. */
export interface ClipSpec {
  key: string;
  title: string;
  /** Background colour, 6 hex digits. */
  background: string;
  /** Colour of the moving square, 6 hex digits. */
  accent: string;
  /** Tone frequency in Hz per audio language. */
  toneHz: Record<AudioLanguage['iso639_2'], number>;
}

/** The five demo clips the catalogue points at; titled apart from any channel, since every channel and title loops one of them. */
export const DEMO_CLIPS: readonly ClipSpec[] = [
  { key: 'clip-1', title: 'Señal de prueba 1', background: '1d4ed8', accent: 'facc15', toneHz: { spa: 440, eng: 660 } },
  { key: 'clip-2', title: 'Señal de prueba 2', background: 'b91c1c', accent: 'fde68a', toneHz: { spa: 392, eng: 587 } },
  { key: 'clip-3', title: 'Señal de prueba 3', background: '15803d', accent: 'f472b6', toneHz: { spa: 349, eng: 523 } },
  { key: 'clip-4', title: 'Señal de prueba 4', background: '7e22ce', accent: '5eead4', toneHz: { spa: 330, eng: 494 } },
  { key: 'clip-5', title: 'Señal de prueba 5', background: 'c2410c', accent: 'bfdbfe', toneHz: { spa: 294, eng: 440 } },
];
