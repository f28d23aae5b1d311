import { useCallback, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorChannelSort } from '@pantalla/contracts';
import { loadTables } from '../../../lib/i18n';
import { useChannelOptions } from './api/get-channel-options';
import { prefetchWhenSignedIn } from '../api/me';
import { firstChannelPageQuery, INITIAL_FILTERS, useChannelPages, type ChannelFilters } from './api/get-channels';
import { ChannelFiltersBar } from './components/channel-filters';
import { ChannelTable } from './components/channel-table';
import './channels.css';
import { useDebounced } from '../hooks/use-debounced';

/** The section's texts arrive with its code; its first page is asked for at once, beside the console's door. */
export async function loader() {
  prefetchWhenSignedIn(firstChannelPageQuery());
  await loadTables(['operator-channels']);
  return null;
}

/** /operador/canales: every channel in a virtualised table, searched, sorted and filtered on the server. */
export function Component() {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Omit<ChannelFilters, 'q'>>({
    sort: INITIAL_FILTERS.sort,
    dir: INITIAL_FILTERS.dir,
  });
  const q = useDeferredValue(useDebounced(search, 250));
  const [range, setRange] = useState({ first: 0, last: 40 });
  const pages = useChannelPages({ ...filters, q }, range.first, range.last);
  const options = useChannelOptions();
  const onRange = useCallback(
    (first: number, last: number) => setRange((r) => (r.first === first && r.last === last ? r : { first, last })),
    [],
  );
  const sortBy = (sort: OperatorChannelSort) =>
    setFilters((f) => ({ ...f, sort, dir: f.sort === sort && f.dir === 'asc' ? 'desc' : 'asc' }));

  return (
    <section className="channels-screen" aria-labelledby="channels-title">
      <header className="channels-screen__head">
        <h1 id="channels-title">{t('title')}</h1>
        <p aria-live="polite" className="channels-screen__count">
          {pages.loaded ? t('count', { count: pages.total }) : null}
        </p>
      </header>
      <ChannelFiltersBar
        search={search}
        onSearch={setSearch}
        filters={{ ...filters, q }}
        options={options.data}
        onChange={(next) => setFilters((f) => ({ ...f, ...next }))}
      />
      {pages.isError ? (
        <p className="operator-error" role="alert">
          {tc('common.error')}
        </p>
      ) : null}
      <ChannelTable
        rowAt={pages.rowAt}
        total={pages.total}
        filters={{ ...filters, q }}
        options={options.data}
        onSort={sortBy}
        onRange={onRange}
      />
    </section>
  );
}
