/** Dynamic MPDs: a channel's live timeline, and a restart window from a programme's start. */
import type { ClipManifest } from '../clip-manifest';
import { ADVERTISED_TIME_SHIFT_SECONDS, LIVE_EPOCH_MS } from '../constants';
import { MPD_NAMESPACES, baseUrlLines, renderAdaptationSets, type MpdUrls } from './period';
import { attributes, isoDateTime, isoDuration } from './xml';

/** Clock synchronisation the player uses instead of trusting the device clock. */
export interface UtcTiming {
  /** http-iso: the URL answers an ISO 8601 time; http-xsdate: an xs:dateTime. */
  scheme?: 'http-iso' | 'http-xsdate';
  url: string;
}

/** Options shared by the live and restart builders. */
export interface DynamicMpdOptions {
  clip: ClipManifest;
  /** Injected clock (publishTime). */
  nowMs: number;
  /** The channel timeline's anchor; per-channel offsets change the loop phase. Default 2026-01-01. */
  channelStartMs?: number;
  urls: MpdUrls;
  utcTiming: UtcTiming;
  /** Default 115 min: the 120-minute time shift minus the 5-minute margin. */
  timeShiftBufferDepthSeconds?: number;
  /** Default 30 s: the MPD never changes structurally, so refreshes only pick up policy changes. */
  minimumUpdatePeriodSeconds?: number;
  /** Default 6 s: three segments behind the edge, enough for a 3 s buffering goal. */
  suggestedPresentationDelaySeconds?: number;
}

function dynamicMpd(options: DynamicMpdOptions, anchorMs: number, offsetSeconds: number): string {
  const {
    clip,
    nowMs,
    urls,
    utcTiming,
    timeShiftBufferDepthSeconds = ADVERTISED_TIME_SHIFT_SECONDS,
    minimumUpdatePeriodSeconds = 30,
    suggestedPresentationDelaySeconds = 3 * clip.segmentDurationSeconds,
  } = options;
  if (nowMs < anchorMs) throw new RangeError('now is before the timeline start');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<MPD${MPD_NAMESPACES}${attributes({
      type: 'dynamic',
      availabilityStartTime: isoDateTime(anchorMs),
      // Whole seconds: identical answers within a second, which a CDN can coalesce.
      publishTime: isoDateTime(Math.floor(nowMs / 1000) * 1000),
      minimumUpdatePeriod: isoDuration(minimumUpdatePeriodSeconds),
      timeShiftBufferDepth: isoDuration(timeShiftBufferDepthSeconds),
      suggestedPresentationDelay: isoDuration(suggestedPresentationDelaySeconds),
      maxSegmentDuration: isoDuration(clip.segmentDurationSeconds),
      minBufferTime: isoDuration(clip.segmentDurationSeconds),
    })}>`,
    ...baseUrlLines(urls),
    `  <Period${attributes({ id: 'p0', start: 'PT0S' })}>`,
    ...renderAdaptationSets(clip, urls, offsetSeconds),
    '  </Period>',
    `  <UTCTiming${attributes({ schemeIdUri: `urn:mpeg:dash:utc:${utcTiming.scheme ?? 'http-iso'}:2014`, value: utcTiming.url })}/>`,
    '</MPD>',
    '',
  ].join('\n');
}

/**
 * A channel's live MPD: its clip looped against the wall clock from `channelStartMs`. Segment
 * N covers [(N−1)·2 s, N·2 s) after the anchor; the origin serves it from clip segment
 * ((N−1) mod count)+1 with timestamps moved on by whole loops (mapClipSegment).
 */
export function buildLiveMpd(options: DynamicMpdOptions): string {
  return dynamicMpd(options, options.channelStartMs ?? LIVE_EPOCH_MS, 0);
}

/** Options of buildRestartMpd. */
export interface RestartMpdOptions extends DynamicMpdOptions {
  /** Start of the programme on air now. */
  programmeStartMs: number;
}

/**
 * Restart: the same live timeline, re-anchored at the current programme's start (the anchor
 * moves to the programme start; startNumber and presentationTimeOffset keep the channel's
 * segment numbers and timestamps). Presentation time 0 is the programme start, so the player
 * loads with startTime 0 and the seek range runs from there (or 115 min back) to the live edge.
 */
export function buildRestartMpd(options: RestartMpdOptions): string {
  const channelStartMs = options.channelStartMs ?? LIVE_EPOCH_MS;
  const { programmeStartMs } = options;
  if (programmeStartMs < channelStartMs) throw new RangeError('the programme starts before the channel timeline');
  return dynamicMpd(options, programmeStartMs, (programmeStartMs - channelStartMs) / 1000);
}
