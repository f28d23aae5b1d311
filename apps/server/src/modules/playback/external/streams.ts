import { catchupModeOf } from '@pantalla/contracts';
import { catchupUrl } from './catchup';

/** What an imported channel keeps of its M3U entry. */
export interface ExternalChannel {
  streamUrl: string | null;
  alternateStreams: string | null;
  catchupMode: string | null;
  catchupSource: string | null;
}

/** The streams tried after the first one fails, in the list's order. */
export function externalAlternates(channel: Pick<ExternalChannel, 'alternateStreams'>): string[] {
  if (!channel.alternateStreams) return [];
  try {
    const entries: unknown = JSON.parse(channel.alternateStreams);
    // An alternate is its URL, or { url, userAgent, referrer } when its list asked for headers.
    if (!Array.isArray(entries)) return [];
    return entries.flatMap((e: unknown) => {
      if (typeof e === 'string') return [e];
      const url = e && typeof e === 'object' ? (e as { url?: unknown }).url : undefined;
      return typeof url === 'string' ? [url] : [];
    });
  } catch {
    return [];
  }
}

/**
 * The archive URLs of an ended programme of an imported channel, through its catch-up
 * template (pvr.iptvsimple's modes): the main stream's first, then each alternate's where
 * the mode derives one from the stream URL. Empty when the channel's mode makes none.
 */
export function externalCatchupUrl(
  channel: ExternalChannel,
  programme: { startTime: number; endTime: number },
  now: number,
): string[] {
  const mode = channel.catchupMode ? catchupModeOf(channel.catchupMode) : null;
  if (!mode || !channel.streamUrl) return [];
  const times = { start: programme.startTime, end: programme.endTime };
  const urls = [channel.streamUrl, ...externalAlternates(channel)].map((streamUrl) =>
    catchupUrl({ mode, source: channel.catchupSource, streamUrl }, times, now),
  );
  return [...new Set(urls.filter((u): u is string => u !== null))];
}
