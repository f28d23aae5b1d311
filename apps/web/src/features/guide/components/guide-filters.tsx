import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { guideGroupsResponseSchema, type GuideGroupsResponse } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { useProgrammeGenres } from '../api/guide-filter';
import { groupsPageSize } from '../lib/guide-filter';
import type { GuideFilterControls } from './guide-screen';
import './guide-filters.css';

const ALL = '';
const MORE = 'more';

/**
 * The guide's filters in its header: the "Favoritos" toggle and two native lists (a channel group,
 * a programme genre), which a phone's touch, a keyboard and a screen reader all know how to use.
 * The groups come a page at a time, the size of the screen; "Más grupos…" asks for the next.
 */
export function GuideFilters({ controls }: { controls: GuideFilterControls }) {
  const { t } = useTranslation('guide');
  const { filter, change } = controls;
  const groups = useGroupPages();
  const genres = useProgrammeGenres();
  const loaded = groups.data?.pages.flatMap((p) => p.groups) ?? [];
  const sections = genres.data?.resources ?? [];
  const groupValue = filter.groupId === null ? ALL : String(filter.groupId);
  const genreValue = filter.genreId === null ? ALL : String(filter.genreId);
  return (
    <div className="guide-filters" role="group" aria-label={t('filters.label')}>
      <button
        type="button"
        className="btn btn--secondary guide__favourites"
        aria-pressed={filter.favourites}
        onClick={() => change({ favourites: !filter.favourites })}
      >
        <span aria-hidden="true">{filter.favourites ? '★' : '☆'}</span>
        {/* On a phone the star alone shows; the name stays for screen readers. */}
        <span className="guide-filters__favourites-name"> {t('favourites.filter')}</span>
      </button>
      <select
        className="guide-filters__select guide-filters__select--group"
        aria-label={t('filters.group')}
        value={groupValue}
        data-active={filter.groupId !== null}
        onChange={(event) => {
          const value = event.target.value;
          if (value === MORE) return void groups.fetchNextPage();
          change({ groupId: value === ALL ? null : Number(value) });
        }}
      >
        <option value={ALL}>{t('filters.allGroups')}</option>
        {filter.groupId !== null && !loaded.some((g) => g.id === filter.groupId) ? (
          <option value={groupValue}>{t('filters.groupChosen')}</option>
        ) : null}
        {loaded.map((g) => (
          <option key={g.id} value={String(g.id)}>
            {t('filters.groupOption', { name: g.name, count: g.channels })}
          </option>
        ))}
        {groups.hasNextPage ? <option value={MORE}>{t('filters.moreGroups')}</option> : null}
      </select>
      <select
        className="guide-filters__select"
        aria-label={t('filters.genre')}
        value={genreValue}
        data-active={filter.genreId !== null}
        onChange={(event) => change({ genreId: event.target.value === ALL ? null : Number(event.target.value) })}
      >
        <option value={ALL}>{t('filters.allGenres')}</option>
        {filter.genreId !== null && !sections.some((g) => g.id === filter.genreId) ? (
          <option value={genreValue}>{t('filters.genreChosen')}</option>
        ) : null}
        {sections.map((g) => (
          <option key={g.id} value={String(g.id)}>
            {g.ds}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The channel groups, a screen's page at a time. */
function useGroupPages() {
  const limit = groupsPageSize(typeof window === 'undefined' ? 1440 : window.innerWidth);
  return useInfiniteQuery({
    queryKey: ['guide-groups', limit],
    queryFn: ({ pageParam, signal }): Promise<GuideGroupsResponse> =>
      api.get('/guide/groups', { query: { limit, offset: pageParam }, schema: guideGroupsResponseSchema, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const next = pages.reduce((n, p) => n + p.groups.length, 0);
      return next < last.total && last.groups.length > 0 ? next : undefined;
    },
    staleTime: 5 * 60_000,
  });
}
