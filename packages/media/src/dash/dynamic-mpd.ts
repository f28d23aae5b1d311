/** Dynamic MPDs: a channel's live timeline, and a restart window from a programme's start. */
import type { ClipManifest } from '../clip-manifest';
import { ADVERTISED_TIME_SHIFT_SECONDS, LIVE_EPOCH_MS } from '../constants';
import { assertKeyPeriodSeconds, keyPeriodsBetween } from './key-periods';
import { MPD_NAMESPACES, baseUrlLines, renderAdaptationSets, type MpdUrls } from './period';
import { attributes, escapeXml, isoDateTime, isoDuration } from './xml';

/** Clock synchronisation the player uses instead of trusting the device clock. */
export interface UtcTiming {
  /** http-iso: the URL answers an ISO 8601 time; http-xsdate: an xs:dateTime. */
  scheme?: 'http-iso' | 'http-xsdate';
  url: string;
}

/** Rotating content keys: the timeline cut into key periods, each its own DASH Period. */
export interface KeyPeriodOptions {
  /** Key period length (KEY_PERIOD_SECONDS), a whole number of segments. */
  seconds: number;
  /** Key period k's key id and the absolute BaseURL its segments are served under. */
  key(index: number): { kid: string; baseUrl: string };
  /**
   * A period is listed this long before it starts (default 30 s), so a player refreshing
   * every few seconds knows the next period (and its key id) before its playhead gets there.
   */
  announceSeconds?: number;
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
  /** Rotating keys; without them one Period under clip.kid and urls.baseUrl. */
  keyPeriods?: KeyPeriodOptions;
}

/**
 * The Periods of a dynamic MPD whose presentation time 0 is `offsetSeconds` into the channel
 * timeline. With key periods: one Period per key period overlapping the window (time-shift
 * depth back from now, up to the announced next one), each with its own default_KID and
 * BaseURL; startNumber and presentationTimeOffset keep the channel's segment numbers and
 * timestamps running on across Periods, so they join without a gap.
 */
function periods(options: DynamicMpdOptions, offsetSeconds: number, depthSeconds: number): string[] {
  const { clip, urls, keyPeriods } = options;
  if (!keyPeriods)
    return [
      `  <Period${attributes({ id: 'p0', start: 'PT0S' })}>`,
      ...renderAdaptationSets(clip, urls, offsetSeconds),
      '  </Period>',
    ];
  assertKeyPeriodSeconds(keyPeriods.seconds, clip.segmentDurationSeconds);
  const nowSeconds = (options.nowMs - (options.channelStartMs ?? LIVE_EPOCH_MS)) / 1000;
  const from = Math.max(offsetSeconds, nowSeconds - depthSeconds);
  const to = nowSeconds + (keyPeriods.announceSeconds ?? 30);
  return keyPeriodsBetween(from, to, keyPeriods.seconds).flatMap((p) => {
    const start = Math.max(p.startSeconds, offsetSeconds);
    const { kid, baseUrl } = keyPeriods.key(p.index);
    return [
      `  <Period${attributes({ id: `p${p.index}`, start: isoDuration(start - offsetSeconds) })}>`,
      `    <BaseURL>${escapeXml(baseUrl)}</BaseURL>`,
      ...renderAdaptationSets({ ...clip, kid }, urls, start),
      '  </Period>',
    ];
  });
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
    ...periods(options, offsetSeconds, timeShiftBufferDepthSeconds),
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
