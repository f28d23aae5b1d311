import { useTranslation } from 'react-i18next';
import type { SourceFetch } from '@pantalla/contracts';
import { formatBytes, formatDuration, formatWhen } from './format';

/** The last 30 fetches of a source, newest first. */
export function FetchHistory({ items }: { items: readonly SourceFetch[] }) {
  const { t, i18n } = useTranslation('operator-sources');
  const locale = i18n.language;
  if (items.length === 0) return <p>{t('history.empty')}</p>;
  return (
    <div className="operator-table-wrap" tabIndex={0} aria-labelledby="history-title" role="region">
      <table className="operator-table">
        <thead>
          <tr>
            <th scope="col">{t('fetch.when')}</th>
            <th scope="col">{t('columns.lastFetch')}</th>
            <th scope="col">{t('fetch.status')}</th>
            <th scope="col">{t('fetch.bytes')}</th>
            <th scope="col">{t('fetch.duration')}</th>
            <th scope="col">{t('columns.imported')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((f) => (
            <tr key={f.id}>
              <td>{formatWhen(f.startedAt, locale)}</td>
              <td>
                {t(`outcome.${f.outcome}`)} · {t(`trigger.${f.trigger}`)}
                {f.error ? <div className="operator-error">{f.error}</div> : null}
              </td>
              <td>{f.httpStatus ?? '—'}</td>
              <td>{formatBytes(f.bytes, locale)}</td>
              <td>{formatDuration(f.durationMs, locale)}</td>
              <td>
                {f.report
                  ? t('counts', { channels: f.report.channels.created, programmes: f.report.programmes.inserted })
                  : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
