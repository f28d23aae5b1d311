/** Static MPDs: a film or episode at its catalogue length, and an ended programme (catch-up). */
import type { ClipManifest } from '../clip-manifest';
import { MPD_NAMESPACES, baseUrlLines, renderAdaptationSets, type MpdUrls } from './period';
import { attributes, isoDuration } from './xml';

function staticMpd(clip: ClipManifest, urls: MpdUrls, offsetSeconds: number, durationSeconds: number): string {
  if (!(durationSeconds > 0)) throw new RangeError('the duration must be positive');
  const duration = isoDuration(durationSeconds);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<MPD${MPD_NAMESPACES}${attributes({ type: 'static', mediaPresentationDuration: duration, minBufferTime: isoDuration(clip.segmentDurationSeconds) })}>`,
    ...baseUrlLines(urls),
    `  <Period${attributes({ id: 'p0', start: 'PT0S', duration })}>`,
    ...renderAdaptationSets(clip, urls, offsetSeconds),
    '  </Period>',
    '</MPD>',
    '',
  ].join('\n');
}

/** Options of buildVodMpd. */
export interface VodMpdOptions {
  clip: ClipManifest;
  /** Catalogue duration of the film or episode; the clip loops to fill it. */
  durationSeconds: number;
  urls: MpdUrls;
}

/**
 * A film or episode: segments 1…ceil(duration / 2 s) on a timeline from 0, which the origin
 * maps onto the looped clip with mapClipSegment.
 */
export function buildVodMpd(options: VodMpdOptions): string {
  return staticMpd(options.clip, options.urls, 0, options.durationSeconds);
}

/** Options of buildCatchupMpd. */
export interface CatchupMpdOptions {
  clip: ClipManifest;
  /** The channel's timeline anchor (its live availabilityStartTime). */
  channelStartMs: number;
  programmeStartMs: number;
  programmeEndMs: number;
  /** Injected clock: the programme must have ended. */
  nowMs: number;
  urls: MpdUrls;
}

/**
 * An ended programme as a static window of the channel timeline (DASH-IF "live2vod"): the same
 * segment numbers and rewritten timestamps as live, with startNumber and presentationTimeOffset
 * putting the programme start at time 0, so the player starts at the programme's start.
 */
export function buildCatchupMpd(options: CatchupMpdOptions): string {
  const { clip, channelStartMs, programmeStartMs, programmeEndMs, nowMs, urls } = options;
  if (programmeEndMs <= programmeStartMs) throw new RangeError('the programme ends before it starts');
  if (programmeStartMs < channelStartMs) throw new RangeError('the programme starts before the channel timeline');
  if (programmeEndMs > nowMs) throw new RangeError('the programme has not ended yet (use a restart MPD)');
  return staticMpd(clip, urls, (programmeStartMs - channelStartMs) / 1000, (programmeEndMs - programmeStartMs) / 1000);
}
