import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { myListKindSchema, type MyListItem, type MyListKind } from '@pantalla/contracts';
import { currentProfile } from '../../../lib/current-profile';
import { Spinner } from '../../../ui/spinner';
import { useAuthenticatedUser } from '../../account';
import { PageHeader } from '../../catalogue';
import { useCachedCatalogue } from '../api/cached-catalogue';
import { myListPagesQueryOptions, useRemoveFromMyList } from '../api/my-list';
import { MyListEntry } from './my-list-entry';
import './my-list.css';

const FILTERS: readonly (MyListKind | null)[] = [null, 'film', 'series', 'programme'];

/** The kind filter, kept in the address (?kind=) so going back returns to it. */
function useKindFilter(): [MyListKind | null, (kind: MyListKind | null) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = myListKindSchema.safeParse(params.get('kind'));
  const kind = parsed.success ? parsed.data : null;
  const setKind = (next: MyListKind | null) =>
    setParams(next ? { kind: next } : {}, { replace: true, preventScrollReset: true });
  return [kind, setKind];
}

/** Asks for the next page when the "Cargar más" button scrolls near the window; the button stays for keyboards. */
function useLoadWhenNear(ref: React.RefObject<HTMLElement | null>, load: () => void, active: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && load(), {
      rootMargin: '400px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, load, active]);
}

/**
 * "Mi lista" (issue 30): the current profile's films, series and programmes, newest first,
 * paged on the server as the viewer scrolls; each card opens its page and can be removed.
 */
export function MyListScreen() {
  const { t } = useTranslation('my-list');
  const user = useAuthenticatedUser();
  const profileId = currentProfile.of(user.email)?.id ?? null;
  const [kind, setKind] = useKindFilter();
  const pages = useInfiniteQuery(myListPagesQueryOptions(profileId, kind));
  const { titles, channelNames } = useCachedCatalogue();
  const remove = useRemoveFromMyList(profileId);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const mains = useRef(new Map<string, HTMLElement>());
  const statusRef = useRef<HTMLDivElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const canLoadMore = pages.hasNextPage && !pages.isFetchingNextPage && !pages.isError;
  const { fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useLoadWhenNear(moreRef, loadMore, canLoadMore);

  const onRemove = (item: MyListItem) => {
    // Focus moves to the next card (or the one before) before this one goes, so a keyboard keeps its place.
    const at = items.findIndex((i) => i.kind === item.kind && i.id === item.id);
    const neighbour = items[at + 1] ?? items[at - 1];
    const target = neighbour ? mains.current.get(`${neighbour.kind}:${neighbour.id}`) : statusRef.current;
    target?.focus();
    setNotice(null);
    remove.mutate(item, {
      onSuccess: () => setNotice({ text: t('removed', { title: item.title }), failed: false }),
      onError: () => setNotice({ text: t('removeFailed', { title: item.title }), failed: true }),
    });
  };

  let body: React.ReactNode;
  if (pages.isPending) {
    body = (
      <div className="browse-page__status">
        <Spinner label={t('loading')} />
      </div>
    );
  } else if (pages.isError && items.length === 0) {
    body = (
      <div className="browse-page__status" role="alert">
        <p>{t('error')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void pages.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="mylist-empty">
        <p className="mylist-empty__title">{t(`empty.${kind ?? 'all'}`)}</p>
        <p>{t('empty.how')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="mylist-grid" aria-label={t(`filter.${kind ?? 'all'}`)}>
          {items.map((item) => {
            const key = `${item.kind}:${item.id}`;
            return (
              <MyListEntry
                key={key}
                item={item}
                found={titles.get(key)}
                channelNames={channelNames}
                onRemove={onRemove}
                mainRef={(el) => {
                  if (el) mains.current.set(key, el);
                  else mains.current.delete(key);
                }}
              />
            );
          })}
        </ul>
        {pages.hasNextPage ? (
          <div className="mylist-more">
            <button
              ref={moreRef}
              type="button"
              className="btn btn--secondary"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {pages.isFetchingNextPage ? t('loadingMore') : t('more')}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="browse-page mylist">
      <PageHeader title={t('title')} close />
      <div className="mylist-filters" role="group" aria-label={t('filter.label')}>
        {FILTERS.map((k) => (
          <button
            key={k ?? 'all'}
            type="button"
            className="mylist-filter"
            aria-pressed={kind === k}
            onClick={() => setKind(k)}
          >
            {t(`filter.${k ?? 'all'}`)}
          </button>
        ))}
      </div>
      <div ref={statusRef} tabIndex={-1} className="mylist-notice" role="status">
        {notice && !notice.failed ? notice.text : null}
      </div>
      {notice?.failed ? (
        <p className="mylist-error" role="alert">
          {notice.text}
        </p>
      ) : null}
      {body}
    </div>
  );
}
