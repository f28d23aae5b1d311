import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadTables } from '../../../lib/i18n';
import { sectionHref } from '../sections';
import { useCanEdit } from '../use-operator';
import { useSources } from './api/get-sources';
import { formatBytes, formatDuration, formatWhen } from './components/format';
import { SourceForm } from './components/source-form';
import './sources.css';

export async function loader() {
  await loadTables(['operator-sources']);
  return null;
}

/** /operador/guias: every guide and list source with its schedule, last fetch and counts. */
export function Component() {
  const { t, i18n } = useTranslation('operator-sources');
  const { t: tc } = useTranslation('operator');
  const sources = useSources();
  const canEdit = useCanEdit('sources');
  const items = sources.data?.pages.flatMap((p) => p.items) ?? [];
  const locale = i18n.language;

  return (
    <section aria-labelledby="sources-title" className="sources-screen">
      <h1 id="sources-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      {sources.isError ? (
        <p role="alert" className="operator-error">
          {tc('common.error')}
        </p>
      ) : null}
      {sources.isSuccess && items.length === 0 ? <p>{t('empty')}</p> : null}
      <ul className="sources-cards" aria-label={t('title')}>
        {items.map((s) => {
          const f = s.lastFetch;
          return (
            <li key={s.id} className="sources-card">
              <Link
                to={sectionHref('sources', s.id)}
                className="sources-card__url"
                aria-label={t('open', { url: s.url })}
              >
                {s.url}
              </Link>
              <p className="sources-card__meta">
                {t(`kind.${s.kind}`)} · {t('columns.schedule')} {t('every', { minutes: s.intervalMinutes })}
              </p>
              <p className="sources-card__meta">
                {f ? (
                  <>
                    <strong>{t(`outcome.${f.outcome}`)}</strong> · {formatWhen(f.startedAt, locale)} · HTTP{' '}
                    {f.httpStatus ?? '—'} · {formatBytes(f.bytes, locale)} · {formatDuration(f.durationMs, locale)}
                    {f.etag ? <span className="sources-mono"> · ETag {f.etag}</span> : null}
                    {f.lastModified ? <> · {f.lastModified}</> : null}
                  </>
                ) : (
                  t('never')
                )}
              </p>
              {f?.report ? (
                <p className="sources-card__meta">
                  {t('counts', { channels: f.report.channels.created, programmes: f.report.programmes.inserted })}
                </p>
              ) : null}
              {s.unmatched > 0 ? (
                <p className="sources-card__warn">{t('unmatchedCount', { count: s.unmatched })}</p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {sources.hasNextPage ? (
        <button type="button" onClick={() => void sources.fetchNextPage()} disabled={sources.isFetchingNextPage}>
          {tc('common.loadMore')}
        </button>
      ) : null}
      {canEdit ? <SourceForm /> : <p>{tc('common.readOnly')}</p>}
    </section>
  );
}
