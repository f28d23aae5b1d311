import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { servedImageUrl, type OperatorChannelRow, type OperatorChannelSort } from '@pantalla/contracts';
import { ChannelLogo } from '../../../../ui/brand';
import { sectionHref } from '../../sections';
import type { ChannelOptions } from '../api/get-channel-options';
import type { ChannelFilters } from '../api/get-channels';
import { useVirtualRows } from '../hooks/use-virtual-rows';

/** Row height in px (CSS keeps each row to it): the virtualiser's arithmetic depends on it. */
export const ROW_HEIGHT = 48;

const COLUMNS: { key: string; sort?: OperatorChannelSort }[] = [
  { key: 'number', sort: 'number' },
  { key: 'logo' },
  { key: 'name', sort: 'name' },
  { key: 'genre', sort: 'genre' },
  { key: 'package', sort: 'package' },
  { key: 'source' },
  { key: 'health', sort: 'health' },
  { key: 'enabled' },
];

interface Props {
  rowAt(index: number): OperatorChannelRow | undefined;
  total: number;
  filters: ChannelFilters;
  options: ChannelOptions | undefined;
  onSort(sort: OperatorChannelSort): void;
  /** The rows drawn changed: their pages are fetched. */
  onRange(first: number, last: number): void;
}

/**
 * The channel table, virtualised: only the rows in view (and a few around) are in the DOM,
 * however many thousands the filters match; ARIA row indexes say where each one is.
 */
export function ChannelTable({ rowAt, total, filters, options, onSort, onRange }: Props) {
  const { t } = useTranslation('operator-channels');
  const scroller = useRef<HTMLDivElement>(null);
  const { first, last, totalHeight, offset } = useVirtualRows(scroller, total, ROW_HEIGHT);
  const nameOf = (list: ChannelOptions['packages'] | undefined, id: number) =>
    list?.find((x) => x.id === id)?.name ?? `#${id}`;

  useEffect(() => onRange(first, last), [first, last, onRange]);
  // A new search, filter or order starts at its first row.
  const filterKey = JSON.stringify(filters);
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [filterKey]);

  return (
    <div className="channel-table" role="table" aria-label={t('table')} aria-rowcount={total + 1}>
      <div role="rowgroup" className="channel-table__head">
        <div role="row" aria-rowindex={1} className="channel-table__row">
          {COLUMNS.map((c) => {
            const label = t(`column.${c.key}` as 'column.name');
            const sorted = c.sort !== undefined && filters.sort === c.sort;
            return (
              <div
                key={c.key}
                role="columnheader"
                className={`channel-table__cell channel-table__cell--${c.key}`}
                aria-sort={sorted ? (filters.dir === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {c.sort ? (
                  <button
                    type="button"
                    className="channel-table__sort"
                    onClick={() => onSort(c.sort as OperatorChannelSort)}
                    aria-label={t('sortBy', { column: label })}
                  >
                    {label}
                    {sorted ? <span aria-hidden="true">{filters.dir === 'asc' ? ' ▲' : ' ▼'}</span> : null}
                  </button>
                ) : c.key === 'logo' ? (
                  <span className="visually-hidden">{label}</span>
                ) : (
                  label
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div ref={scroller} className="channel-table__scroller" tabIndex={-1} data-testid="channel-table-scroller">
        <div role="rowgroup" style={{ height: totalHeight, position: 'relative' }}>
          <div style={{ transform: `translateY(${offset}px)` }}>
            {Array.from({ length: last - first }, (_, i) => {
              const index = first + i;
              const row = rowAt(index);
              return row ? (
                <ChannelRowView
                  key={row.id}
                  row={row}
                  index={index}
                  genre={nameOf(options?.genres, row.genreId)}
                  pkg={nameOf(options?.packages, row.packageId)}
                />
              ) : (
                <div
                  key={`loading-${index}`}
                  role="row"
                  aria-rowindex={index + 2}
                  className="channel-table__row channel-table__row--loading"
                >
                  <div role="cell" className="channel-table__cell">
                    {t('loadingRow')}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

function ChannelRowView({
  row,
  index,
  genre,
  pkg,
}: {
  row: OperatorChannelRow;
  index: number;
  genre: string;
  pkg: string;
}) {
  const { t } = useTranslation('operator-channels');
  const logo = row.logoUrl
    ? servedImageUrl('channel', row.id, row.logoUrl)
    : `/api/v1/images/channel/${row.id}/logo.svg`;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`channel-table__row${row.enabled ? '' : ' channel-table__row--off'}`}
    >
      <div role="cell" className="channel-table__cell channel-table__cell--number">
        {row.number}
      </div>
      <div role="cell" className="channel-table__cell channel-table__cell--logo">
        <ChannelLogo className="channel-table__logo" src={logo} name={row.name} decorative />
      </div>
      <div role="cell" className="channel-table__cell channel-table__cell--name">
        <Link to={sectionHref('channels', row.id)}>{row.name}</Link>
      </div>
      <div role="cell" className="channel-table__cell channel-table__cell--genre">
        {genre}
      </div>
      <div role="cell" className="channel-table__cell channel-table__cell--package">
        {pkg}
      </div>
      <div role="cell" className="channel-table__cell channel-table__cell--source">
        {t(`source.${row.source}`)}
      </div>
      <div role="cell" className="channel-table__cell channel-table__cell--health">
        <span className={`channel-health channel-health--${row.health}`}>{t(`health.${row.health}`)}</span>
      </div>
      <div role="cell" className="channel-table__cell channel-table__cell--enabled">
        {row.enabled ? t('enabled.yes') : t('enabled.no')}
      </div>
    </div>
  );
}
