import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorProductKind } from '@pantalla/contracts';
import { loadTables } from '../../../lib/i18n';
import { useProducts } from './api/get-products';
import { Field } from './components/field';
import { ProductTable } from './components/product-table';
import './products.css';
import { useDebounced } from '../hooks/use-debounced';

/** The section's texts arrive with its code. */
export async function loader() {
  await loadTables(['operator-products']);
  return null;
}

/** /operador/productos: subscriptions and pay-per-view events, filtered and searched on the server, a page at a time. */
export function Component() {
  const { t } = useTranslation('operator-products');
  const { t: tc } = useTranslation('operator');
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<OperatorProductKind | undefined>(undefined);
  const q = useDeferredValue(useDebounced(search, 250));
  const query = useProducts({ kind, q });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="products-screen" aria-labelledby="products-title">
      <h1 id="products-title">{t('title')}</h1>
      <div className="products-filters" role="search">
        <Field label={t('search')}>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        </Field>
        <Field label={t('kind.label')}>
          <select
            value={kind ?? ''}
            onChange={(e) => setKind(e.target.value === '' ? undefined : (e.target.value as OperatorProductKind))}
          >
            <option value="">{t('kind.any')}</option>
            <option value="subscription">{t('kind.subscription')}</option>
            <option value="ppv">{t('kind.ppv')}</option>
          </select>
        </Field>
      </div>
      {query.isError ? (
        <p className="operator-error" role="alert">
          {tc('common.error')}
        </p>
      ) : null}
      {query.isSuccess && rows.length === 0 ? <p>{tc('common.empty')}</p> : null}
      {rows.length > 0 ? <ProductTable rows={rows} /> : null}
      {query.hasNextPage ? (
        <button
          type="button"
          className="products-more"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {tc('common.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
