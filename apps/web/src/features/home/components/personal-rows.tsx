import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { getChannelsQueryOptions, getContentsQueryOptions, getSeriesListQueryOptions } from '../../../lib/catalogue';
import { currentProfile } from '../../../lib/current-profile';
import {
  favouriteChannelEntries,
  favouriteChannelsRowQueryOptions,
  myListEntries,
  myListRowQueryOptions,
} from '../api/get-personal-rows';
import { ItemRow } from './item-row';
import { RowErrorBoundary } from './row-error-boundary';

/**
 * The profile's own rows (issue 30): "Mi lista" and "Canales favoritos", each only when it has
 * something. A lazy chunk of its own: the home's first JavaScript stays under its budget.
 */
export default function PersonalRows({ lineupId }: { lineupId: number | undefined }) {
  const { t } = useTranslation('browse');
  const profileId = currentProfile.get()?.id ?? null;
  const myList = useQuery(myListRowQueryOptions(profileId));
  const favourites = useQuery(favouriteChannelsRowQueryOptions(profileId));
  const hasList = (myList.data?.items.length ?? 0) > 0;
  const hasChannels = (favourites.data?.channelIds.length ?? 0) > 0;
  // The start-up load holds these already; asked only when a row needs them.
  const films = useQuery({ ...getContentsQueryOptions(lineupId), enabled: hasList });
  const series = useQuery({ ...getSeriesListQueryOptions(lineupId), enabled: hasList });
  const channels = useQuery({ ...getChannelsQueryOptions(lineupId), enabled: hasChannels });
  const listEntries = myListEntries(
    myList.data?.items ?? [],
    films.data?.resources ?? [],
    series.data?.resources ?? [],
  );
  const channelEntries = favouriteChannelEntries(favourites.data?.channelIds ?? [], channels.data?.resources ?? []);
  return (
    <>
      {listEntries.length > 0 ? (
        <RowErrorBoundary fallback={null}>
          <ItemRow
            title={t('home.myList')}
            entries={listEntries}
            displayMode={1}
            seeAll={{ to: paths.myList.getHref() }}
          />
        </RowErrorBoundary>
      ) : null}
      {channelEntries.length > 0 ? (
        <RowErrorBoundary fallback={null}>
          <ItemRow title={t('home.favouriteChannels')} entries={channelEntries} displayMode={2} />
        </RowErrorBoundary>
      ) : null}
    </>
  );
}
