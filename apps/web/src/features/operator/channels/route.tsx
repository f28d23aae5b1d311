import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorChannelSort } from '@pantalla/contracts';
import { loadTables } from '../../../lib/i18n';
import { useChannelOptions } from './api/get-channel-options';
import { useChannels, type ChannelFilters } from './api/get-channels';
import { ChannelFiltersBar } from './components/channel-filters';
import { ChannelTable } from './components/channel-table';
import './channels.css';

/** The section's texts arrive with its code. */
export async function loader() {
  await loadTables(['operator-channels']);
  return null;
}

/** Waits for typing to pause before the search goes to the server (the previous request is cancelled anyway). */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** /operador/canales: every channel in a virtualised table, searched, sorted and filtered on the server. */
export function Component() {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Omit<ChannelFilters, 'q'>>({ sort: 'number', dir: 'asc' });
  const q = useDeferredValue(useDebounced(search, 250));
  const query = useChannels({ ...filters, q });
  const options = useChannelOptions();
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const needMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sortBy = (sort: OperatorChannelSort) => setFilters((f) => ({ ...f, sort, dir: f.sort === sort && f.dir === 'asc' ? 'desc' : 'asc' }));

  return (
    <section className="channels-screen" aria-labelledby="channels-title">
      <header className="channels-screen__head">
        <h1 id="channels-title">{t('title')}</h1>
        <p aria-live="polite" className="channels-screen__count">
          {query.data ? t('count', { count: total }) : null}
        </p>
      </header>
      <ChannelFiltersBar search={search} onSearch={setSearch} filters={{ ...filters, q }} options={options.data} onChange={(next) => setFilters((f) => ({ ...f, ...next }))} />
      {query.isError ? (
        <p className="operator-error" role="alert">
          {tc('common.error')}
        </p>
      ) : null}
      <ChannelTable rows={rows} total={total} filters={{ ...filters, q }} options={options.data} onSort={sortBy} onNeedMore={needMore} />
    </section>
  );
}
