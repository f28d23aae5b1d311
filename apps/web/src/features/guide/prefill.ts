import type { QueryClient } from '@tanstack/react-query';
import { NO_GUIDE_FILTER, type Channel, type UserInfo } from '@pantalla/contracts';
import { favouriteChannelsQueryOptions } from './api/favourites';
import { getEpgDayQueryOptions } from './api/get-epg-day';
import { guideFilterQueryOptions } from './api/guide-filter';
import { profileKeyOf } from './lib/favourites-filter';
import { dayKey } from './lib/geometry';
import { filterChannels } from './lib/guide-filter';
import { guideChannels, guideOpening } from './lib/opening';
import { readSavedGuide } from './lib/saved-state';

/** The profile the guide opens for: the account, and the profile this device watches as (null: the first). */
export interface FillProfile {
  user: Pick<UserInfo, 'userId' | 'profiles'>;
  profileId: number | null;
}

/**
 * The start-up load's last step, "events (filling the guide)": the day the guide opens at,
 * for the channels of the page it opens at, under the guide's own queries. The guide reads
 * by page, so filling it with the whole lineup's day (100 MB of programmes at 10,000
 * channels) would hold what it never reads. The page is that of the profile's saved filter
 * (issue 30), read first under the guide's own queries: an unfiltered page would be asked for
 * nothing, ahead of the guide's own in the queue. A genre filter's channels depend on the hours
 * the guide shows, so the guide asks its page itself then.
 */
export async function fillGuideOpening(
  client: QueryClient,
  resources: readonly Channel[],
  channelOrder: readonly number[],
  { profile, now = Date.now(), height = window.innerHeight }: { profile: FillProfile; now?: number; height?: number },
): Promise<void> {
  const all = guideChannels(resources, channelOrder);
  if (all.length === 0) return;
  const profileKey = profileKeyOf(profile.user, profile.profileId);
  // As the guide does: a filter (or favourites) that cannot be read is none.
  const filter = await client.fetchQuery(guideFilterQueryOptions(profileKey)).catch(() => NO_GUIDE_FILTER);
  if (filter.genreId !== null) return;
  const favourites = filter.favourites
    ? await client.fetchQuery(favouriteChannelsQueryOptions(profileKey)).then(
        (f) => new Set(f.channelIds),
        () => null,
      )
    : null;
  const channels = filterChannels(all, filter, { favourites, genreChannels: null });
  if (channels.length === 0) return;
  const opening = guideOpening({ saved: readSavedGuide(), channelCount: channels.length, height, now });
  const day = dayKey(opening.day);
  const page = channels.slice(opening.firstRow, opening.firstRow + opening.perPage);
  await Promise.all(page.map((channel) => client.prefetchQuery(getEpgDayQueryOptions(channel.id, day))));
}
