import { catchupModeOf } from '@pantalla/contracts';
import { catchupUrl } from './catchup';

/** What an imported channel keeps of its M3U entry. */
export interface ExternalChannel {
  streamUrl: string | null;
  alternateStreams: string | null;
  catchupMode: string | null;
  catchupSource: string | null;
  /** The main stream's User-Agent and Referer (attribute, #EXTVLCOPT or the URL's |User-Agent= suffix). */
  streamUserAgent: string | null;
  streamReferrer: string | null;
}

/** An external stream with the headers its list entry asked for. */
export interface ExternalStream {
  url: string;
  userAgent: string | null;
  referrer: string | null;
}

/** A browser cannot send these headers: such a stream plays through the origin's relay (issue 31). */
export const needsRelay = (s: Pick<ExternalStream, 'userAgent' | 'referrer'>): boolean =>
  s.userAgent !== null || s.referrer !== null;

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The channel's streams, main first, then the alternates tried after it fails, in the list's order. */
export function externalStreams(channel: ExternalChannel): ExternalStream[] {
  if (!channel.streamUrl) return [];
  const main = {
    url: channel.streamUrl,
    userAgent: text(channel.streamUserAgent),
    referrer: text(channel.streamReferrer),
  };
  let entries: unknown = [];
  try {
    entries = JSON.parse(channel.alternateStreams ?? '[]');
  } catch {
    // A damaged column lists no alternates.
  }
  // An alternate is its URL, or { url, userAgent, referrer } when its list asked for headers.
  const alternates = (Array.isArray(entries) ? (entries as unknown[]) : []).flatMap((e): ExternalStream[] => {
    if (typeof e === 'string') return [{ url: e, userAgent: null, referrer: null }];
    if (!e || typeof e !== 'object') return [];
    const { url, userAgent, referrer } = e as Record<string, unknown>;
    return typeof url === 'string' ? [{ url, userAgent: text(userAgent), referrer: text(referrer) }] : [];
  });
  return [main, ...alternates];
}

/**
 * The archive streams of an ended programme of an imported channel, through its catch-up
 * template (pvr.iptvsimple's modes): the main stream's first, then each alternate's where
 * the mode derives one from the stream URL, each with its stream's headers. Empty when the
 * channel's mode makes none.
 */
export function externalCatchupStreams(
  channel: ExternalChannel,
  programme: { startTime: number; endTime: number },
  now: number,
): ExternalStream[] {
  const mode = channel.catchupMode ? catchupModeOf(channel.catchupMode) : null;
  if (!mode) return [];
  const times = { start: programme.startTime, end: programme.endTime };
  const seen = new Set<string>();
  return externalStreams(channel).flatMap((stream) => {
    const url = catchupUrl({ mode, source: channel.catchupSource, streamUrl: stream.url }, times, now);
    if (url === null || seen.has(url)) return [];
    seen.add(url);
    return [{ ...stream, url }];
  });
}
