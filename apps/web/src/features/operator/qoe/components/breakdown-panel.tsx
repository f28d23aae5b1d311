import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  QOE_BREAKDOWNS,
  QOE_SCREEN_CLASSES,
  type QoeBreakdownBy,
  type QoeBreakdownRow,
  type QoeRange,
} from '@pantalla/contracts';

type QoeScreenClass = (typeof QOE_SCREEN_CLASSES)[number];
import { sectionHref } from '../../sections';
import { useQoeBreakdown } from '../api/get-breakdown';
import { qoeFormats } from './format';

type Column =
  | 'key'
  | 'views'
  | 'uniqueViewers'
  | 'startupScore'
  | 'startupP95Ms'
  | 'rebufferPct'
  | 'failurePct'
  | 'exitBeforeStartPct';
const COLUMNS: Column[] = [
  'key',
  'views',
  'uniqueViewers',
  'startupScore',
  'startupP95Ms',
  'rebufferPct',
  'failurePct',
  'exitBeforeStartPct',
];

/** Rows sorted by a column; nulls last whichever the direction. */
export function sortRows(rows: readonly QoeBreakdownRow[], column: Column, descending: boolean): QoeBreakdownRow[] {
  return [...rows].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y), undefined, { numeric: true }) : x - Number(y);
    return descending ? -order : order;
  });
}

/** Figures per channel, title, device class, browser, region or error code; any column sorts. */
export function BreakdownPanel({ range }: { range: QoeRange }) {
  const { t } = useTranslation('operator-qoe');
  const [by, setBy] = useState<QoeBreakdownBy>('channel');
  const breakdown = useQoeBreakdown(by, range);
  return (
    <section aria-labelledby="qoe-breakdown-title">
      <h2 id="qoe-breakdown-title">{t('breakdown.heading')}</h2>
      <label className="operator-qoe__by">
        {t('breakdown.by')}{' '}
        <select value={by} onChange={(event) => setBy(event.target.value as QoeBreakdownBy)}>
          {QOE_BREAKDOWNS.map((b) => (
            <option key={b} value={b}>
              {t(`breakdown.${b}`)}
            </option>
          ))}
        </select>
      </label>
      {breakdown.isError && <p className="operator-error">{t('error')}</p>}
      <BreakdownTable
        by={by}
        rows={breakdown.data?.rows ?? []}
        caption={t('breakdown.caption', { by: t(`breakdown.${by}`) })}
      />
      {breakdown.data && breakdown.data.rows.length === 0 && <p>{t('breakdown.empty')}</p>}
    </section>
  );
}

/** One breakdown's rows as a table sorted by any column; a channel or title opens its page. */
export function BreakdownTable({
  by,
  rows,
  caption,
}: {
  by: QoeBreakdownBy;
  rows: readonly QoeBreakdownRow[];
  caption: string;
}) {
  const { t, i18n } = useTranslation('operator-qoe');
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({ column: 'views', descending: true });
  const f = qoeFormats(i18n.language);
  const sorted = sortRows(rows, sort.column, sort.descending);
  const cell = (row: QoeBreakdownRow, column: Column): string => {
    if (column === 'key') return keyLabel(row, by, t);
    if (column === 'startupScore') return f.score(row.startupScore);
    if (column === 'startupP95Ms') return f.ms(row.startupP95Ms);
    if (column === 'views' || column === 'uniqueViewers') return f.count(row[column]);
    return f.pct(row[column]);
  };
  const head = (row: QoeBreakdownRow) => {
    const page = by === 'channel' || by === 'title' ? itemHref(row.key) : null;
    return page ? <Link to={page}>{cell(row, 'key')}</Link> : cell(row, 'key');
  };
  return (
    <div className="operator-table-wrap">
      <table className="operator-table">
        <caption className="operator-qoe__caption">{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                aria-sort={sort.column === column ? (sort.descending ? 'descending' : 'ascending') : undefined}
              >
                <button
                  type="button"
                  onClick={() =>
                    setSort((s) => ({ column, descending: s.column === column ? !s.descending : column !== 'key' }))
                  }
                >
                  {column === 'key' ? t(`breakdown.${by}`) : t(`columns.${column}`)}
                  {sort.column === column ? (sort.descending ? ' ↓' : ' ↑') : ''}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.key}>
              {COLUMNS.map((column) =>
                column === 'key' ? (
                  <th key={column} scope="row">
                    {head(row)}
                  </th>
                ) : (
                  <td key={column}>{cell(row, column)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The console page of an item key 'LIVE:3', or null. */
function itemHref(key: string): string | null {
  const [type, id] = key.split(':');
  return type && id ? sectionHref('qoe', type, id) : null;
}

/** An item reads by its catalogue name, else 'Canal 3'; a region '--' reads unknown. */
function keyLabel(
  { key, name }: QoeBreakdownRow,
  by: QoeBreakdownBy,
  t: (
    key: 'items.LIVE' | 'items.CUTV' | 'items.VOD' | 'items.SERIE' | 'unknownRegion' | `screens.${QoeScreenClass}`,
    options?: { id: string },
  ) => string,
): string {
  if (by === 'region' && key === '--') return t('unknownRegion');
  if (by === 'device' && (QOE_SCREEN_CLASSES as readonly string[]).includes(key))
    return t(`screens.${key as QoeScreenClass}`);
  if (by !== 'channel' && by !== 'title') return key;
  if (name) return name;
  const [type, id = ''] = key.split(':');
  return type === 'LIVE' || type === 'CUTV' || type === 'VOD' || type === 'SERIE' ? t(`items.${type}`, { id }) : key;
}
