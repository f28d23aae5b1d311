import type { QueryClient } from '@tanstack/react-query';
import type { Channel } from '@pantalla/contracts';
import { getEpgDayQueryOptions } from './api/get-epg-day';
import { dayKey } from './lib/geometry';
import { guideChannels, guideOpening } from './lib/opening';
import { readSavedGuide } from './lib/saved-state';

/**
 * The start-up load's last step, "events (filling the guide)": the day the guide opens at,
 * for the channels of the page it opens at, under the guide's own queries. The guide reads
 * by page, so filling it with the whole lineup's day (100 MB of programmes at 10,000
 * channels) would hold what it never reads.
 */
export async function fillGuideOpening(
  client: QueryClient,
  resources: readonly Channel[],
  channelOrder: readonly number[],
  { now = Date.now(), height = window.innerHeight }: { now?: number; height?: number } = {},
): Promise<void> {
  const channels = guideChannels(resources, channelOrder);
  if (channels.length === 0) return;
  const opening = guideOpening({ saved: readSavedGuide(), channelCount: channels.length, height, now });
  const day = dayKey(opening.day);
  const page = channels.slice(opening.firstRow, opening.firstRow + opening.perPage);
  await Promise.all(page.map((channel) => client.prefetchQuery(getEpgDayQueryOptions(channel.id, day))));
}
