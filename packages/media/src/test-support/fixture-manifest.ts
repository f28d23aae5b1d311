/** A clip manifest like prepareDemoMedia writes, built without running any tool. */
import type { ClipManifest } from '../clip-manifest';
import { AUDIO_LANGUAGES, DEMO_CLIPS, VIDEO_RENDITIONS, type ClipSpec } from '../constants';
import { assembleClipManifest, planClipTracks, type TrackProbe } from '../encode/layout';
import type { InitInfo } from '../mp4/probe';

/** Key material used by the fixtures (never to appear in an MPD). */
export const FIXTURE_KEY = { kid: '0123456789abcdef0123456789abcdef', key: 'fedcba9876543210fedcba9876543210' };

const inits: Record<string, InitInfo> = {
  'video-360p': { handler: 'vide', timescale: 90000, codecs: 'avc1.4d401e', encrypted: true, width: 640, height: 360 },
  'video-720p': { handler: 'vide', timescale: 90000, codecs: 'avc1.64001f', encrypted: true, width: 1280, height: 720 },
  'audio-spa': {
    handler: 'soun',
    timescale: 32000,
    codecs: 'mp4a.40.2',
    encrypted: true,
    channels: 1,
    sampleRate: 32000,
  },
  'audio-eng': {
    handler: 'soun',
    timescale: 32000,
    codecs: 'mp4a.40.2',
    encrypted: true,
    channels: 1,
    sampleRate: 32000,
  },
  'text-es': { handler: 'text', timescale: 1000, codecs: 'wvtt', encrypted: false },
};

/** The 60 s demo layout with segment sizes growing by track so bandwidths differ. */
export function fixtureManifest(clip: ClipSpec = DEMO_CLIPS[0] as ClipSpec): ClipManifest {
  const plans = planClipTracks(VIDEO_RENDITIONS, AUDIO_LANGUAGES);
  const probes = new Map<string, TrackProbe>(
    plans.map((p, i) => [
      p.id,
      { init: inits[p.id] as InitInfo, segmentSizes: Array.from({ length: 30 }, (_, n) => 1000 * (i + 1) + n) },
    ]),
  );
  return assembleClipManifest({
    clip,
    kid: FIXTURE_KEY.kid,
    plans,
    probes,
    sheetSizes: [90000, 91000, 92000],
    inputHash: 'h',
  });
}
