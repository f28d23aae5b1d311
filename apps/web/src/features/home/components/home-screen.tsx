import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Category } from '@pantalla/contracts';
import { useAuthenticatedUser } from '../../account';
import { findHomeScreen, useCatalogueLoad, useScreenLists, useScreens } from '../../../lib/catalogue';
import { Spinner } from '../../../ui/spinner';
import { FeaturedCarousel } from './featured-carousel';
import { getProductsQueryOptions } from '../../catalogue';
import { getRowItemsQueryOptions } from '../api/get-row-items';
import { AdultRow } from './adult-row';
import { CategoryRow } from './category-row';
import { RowErrorBoundary } from './row-error-boundary';
import { useNearViewport } from '../hooks/use-near-viewport';
import { prefetchHome, readHomeHint, writeHomeHint } from '../lib/home-hint';
import './home.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** "Mi lista" and "Canales favoritos" (issue 30): a chunk of their own, after the first paint. */
const PersonalRows = lazy(() => import('./personal-rows'));

/**
 * The signed-in home: a spinner with its message until load_done, then the featured
 * carousel (the first category) and the category rows by pos.
 */
export function HomeScreen() {
  const { t } = useTranslation('browse');
  const user = useAuthenticatedUser();
  const { t: ts } = useTranslation('screens');
  useDocumentTitle(ts('titles.home'));
  const client = useQueryClient();
  // Once, during the first render (before any effect or child): what the last home here
  // needed, asked for beside the start-up load's first request.
  useState(() => {
    const hint = readHomeHint(user.regionId);
    if (hint) prefetchHome(client, hint);
  });
  const { loadDone, lineup } = useCatalogueLoad({ regionId: user.regionId, enabled: true });
  // The same queries as the start-up load (shared cache): known as soon as they answer.
  const ready = lineup !== null || loadDone;
  const screens = useScreens(lineup?.id, user.regionId ?? undefined, ready);
  const home = findHomeScreen(screens.data?.resources);
  const categories = useScreenLists(home?.listGroupId, lineup?.id, ready);
  const first = [...(categories.data?.resources ?? [])].sort((a, b) => a.pos - b.pos)[0];
  useEffect(() => {
    // The carousel is the page's largest paint: ask for it while the rest of load_done runs.
    if (first) void client.prefetchQuery(getRowItemsQueryOptions(first));
    void client.prefetchQuery(getProductsQueryOptions());
  }, [client, first]);
  const listGroupId = home?.listGroupId;
  const lineupId = lineup?.id;
  useEffect(() => {
    if (lineupId !== undefined && listGroupId !== undefined && first)
      writeHomeHint({ regionId: user.regionId, lineupId, listGroupId, featured: first });
  }, [user.regionId, lineupId, listGroupId, first]);
  if (!loadDone || (home && categories.isPending)) {
    return (
      <div className="browse-home browse-home--loading">
        <Spinner label={t('home.loading')} />
      </div>
    );
  }
  const all = [...(categories.data?.resources ?? [])].sort((a, b) => a.pos - b.pos);
  const [featured, ...rows] = all;
  return (
    <div className="browse-home">
      <h1 className="visually-hidden">{t('home.title')}</h1>
      {featured ? <FeaturedRow category={featured} /> : <div className="browse-home__spacer" />}
      {categories.isError ? (
        <p className="browse-home__message" role="alert">
          {t('home.rowsError')}
        </p>
      ) : null}
      {!categories.isError && all.length === 0 ? <p className="browse-home__message">{t('home.noRows')}</p> : null}
      <div className="browse-home__rows">
        {rows.map((category) => (
          <RowErrorBoundary key={category.id} fallback={<RowFailed title={category.name} />}>
            {category.is_adult === 1 ? (
              <AdultRow category={category} jsonFile={user.json_file} />
            ) : (
              <CategoryRow category={category} jsonFile={user.json_file} />
            )}
          </RowErrorBoundary>
        ))}
        <PersonalRowsSlot lineupId={lineupId} />
      </div>
    </div>
  );
}

/** The profile's own rows, loaded (code and data) only as the subscriber nears them: the home's first JavaScript stays as it was. */
function PersonalRowsSlot({ lineupId }: { lineupId: number | undefined }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className="browse-home__personal">
      {near ? (
        <RowErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <PersonalRows lineupId={lineupId} />
          </Suspense>
        </RowErrorBoundary>
      ) : null}
    </div>
  );
}

function FeaturedRow({ category }: { category: Category }) {
  const items = useQuery(getRowItemsQueryOptions(category));
  if (!items.data) return <div className="browse-home__spacer browse-home__spacer--hero" aria-busy={items.isPending} />;
  return <FeaturedCarousel title={category.name} items={items.data.entries.map((e) => e.item)} />;
}

function RowFailed({ title }: { title: string }) {
  const { t } = useTranslation('browse');
  return (
    <section className="row row--error" aria-label={title}>
      <div className="row__head">
        <h2 className="row__title">{title}</h2>
      </div>
      <p className="row__message">{t('row.error')}</p>
    </section>
  );
}
