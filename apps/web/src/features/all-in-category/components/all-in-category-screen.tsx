import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryContentsResponseSchema, type CatalogueItem } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../ui/spinner';
import {
  Card,
  rowGeometry,
  detailHref,
  itemKey,
  useChannelNames,
  closeTarget,
  useNow,
  useWindowWidth,
} from '../../catalogue';
import { readAllInCategoryState } from '../lib/all-in-category-state';
import './all-in-category.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** GET /categories/{id}/contents: every item of a category. */
export const getCategoryContentsQueryOptions = (categoryId: number) =>
  queryOptions({
    queryKey: ['browse', 'category-contents', categoryId],
    queryFn: ({ signal }) =>
      api.get(`/categories/${categoryId}/contents`, { schema: categoryContentsResponseSchema, signal }),
    staleTime: 60_000,
  });

export type AllInCategoryVariant = 1 | 2 | 3;

/** Day heading of an event (allincat3 groups its many events by day). */
function dayOf(item: CatalogueItem): string {
  return item.type === 'event' ? (formatDateTime(item.startTime).split(' - ')[0] ?? '') : '';
}

/**
 * /allincat/, /allincat2/ and /allincat3/: all contents of a category, reached with the
 * navigation state a row's "see all" link sets; allincat2 names the section, allincat3
 * (more than 80 events) groups the events by day.
 */
export function AllInCategoryScreen({ variant }: { variant: AllInCategoryVariant }) {
  const { t } = useTranslation('browse');
  const location = useLocation();
  const navigate = useNavigate();
  const state = readAllInCategoryState(location.state);
  const contents = useQuery({ ...getCategoryContentsQueryOptions(state?.category.id ?? 0), enabled: state !== null });
  const width = useWindowWidth();
  const now = useNow();
  const channelNames = useChannelNames();
  useDocumentTitle(
    state ? (variant === 1 ? state.category.name : (state.section ?? state.category.name)) : t('row.seeAll'),
  );

  function back() {
    if (closeTarget(window.history.state) === 'back') void navigate(-1);
    else void navigate(paths.landing.getHref());
  }

  if (!state) {
    return (
      <section className="all-in-category all-in-category--missing" aria-labelledby="all-in-category-title">
        <h1 id="all-in-category-title" className="all-in-category__title">
          {t('row.seeAll')}
        </h1>
        <p>{t('allInCategory.missing')}</p>
        <Link className="btn btn--primary" to={paths.landing.getHref()}>
          {t('home.title')}
        </Link>
      </section>
    );
  }
  const { category } = state;
  const title = variant === 1 ? category.name : (state.section ?? category.name);
  const geometry = rowGeometry(category.displayMode, width);
  const items = contents.data?.resources.map((r) => r.resource) ?? [];
  const groups: { day: string; items: CatalogueItem[] }[] = [];
  for (const item of items) {
    const day = variant === 3 ? dayOf(item) : '';
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }

  return (
    <section className="all-in-category" aria-labelledby="all-in-category-title" data-variant={variant}>
      <header className="all-in-category__head">
        <button type="button" className="all-in-category__back" onClick={back} aria-label={t('allInCategory.back')}>
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              stroke="currentColor"
              strokeWidth="2.5"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <h1 id="all-in-category-title" className="all-in-category__title">
          {title}
        </h1>
        {contents.data ? (
          <p className="all-in-category__count">{t('allInCategory.count', { count: items.length })}</p>
        ) : null}
      </header>
      {contents.isPending ? <Spinner label={t('allInCategory.loading')} /> : null}
      {contents.isError ? <p role="alert">{t('allInCategory.error')}</p> : null}
      {groups.map((group) => (
        <div key={group.day || 'all'} className="all-in-category__group">
          {group.day ? <h2 className="all-in-category__day">{group.day}</h2> : null}
          <ul
            className="all-in-category__grid"
            style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${geometry.slotWidth}px, 1fr))` }}
          >
            {group.items.map((item) => (
              <li key={itemKey(item)}>
                <Card
                  item={item}
                  shape={geometry.shape}
                  displayMode={category.displayMode}
                  position={items.indexOf(item)}
                  width={geometry.cardWidth}
                  now={now}
                  channelName={item.type === 'event' ? channelNames.get(item.channelId) : undefined}
                  onActivate={() => void navigate(detailHref(item))}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
