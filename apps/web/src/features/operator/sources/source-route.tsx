import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { loadTables } from '../../../lib/i18n';
import { sectionHref } from '../sections';
import { useCanEdit } from '../use-operator';
import { useDeleteSource } from './api/delete-source';
import { useFetchNow } from './api/fetch-now';
import { useFetches } from './api/get-fetches';
import { useSource } from './api/get-source';
import { FetchDetails } from './components/fetch-details';
import { FetchHistory } from './components/fetch-history';
import { formatShift, formatWhen } from './components/format';
import { SourceForm } from './components/source-form';
import { UnmatchedList } from './components/unmatched-list';
import { UploadForm } from './components/upload-form';
import './sources.css';

export async function loader() {
  await loadTables(['operator-sources']);
  return null;
}

/** /operador/guias/:sourceId: a source's last fetch and warnings, fetch now, upload, unmatched guide ids, history. */
export function Component() {
  const { t, i18n } = useTranslation('operator-sources');
  const { t: tc } = useTranslation('operator');
  const id = Number(useParams().sourceId);
  const navigate = useNavigate();
  const source = useSource(id);
  const fetches = useFetches(id);
  const fetchNow = useFetchNow(id);
  const remove = useDeleteSource(id);
  const canEdit = useCanEdit('sources');
  const [started, setStarted] = useState(false);
  const s = source.data;
  const last = fetches.data?.items[0] ?? s?.lastFetch ?? null;

  if (source.isError) {
    return (
      <section className="sources-screen">
        <p role="alert">{t('detail.notFound')}</p>
        <Link to={sectionHref('sources')}>{t('detail.back')}</Link>
      </section>
    );
  }
  if (!s) return <p role="status">{tc('loading')}</p>;

  const onDelete = async () => {
    if (!window.confirm(t('detail.confirmDelete'))) return;
    await remove.mutateAsync();
    void navigate(sectionHref('sources'));
  };

  return (
    <section aria-labelledby="source-title" className="sources-screen">
      <Link to={sectionHref('sources')}>← {t('detail.back')}</Link>
      <h1 id="source-title" className="sources-title">
        {s.url}
      </h1>
      <p>
        {t(`kind.${s.kind}`)} · {t('columns.schedule')} {t('every', { minutes: s.intervalMinutes })} ·{' '}
        {s.guideShiftMinutes !== 0 ? <>{t('detail.shifted', { value: formatShift(s.guideShiftMinutes) })} · </> : null}
        {t('detail.nextRun', { when: formatWhen(s.nextRunAt, i18n.language) })}
      </p>
      {canEdit ? (
        <div className="sources-actions">
          <button
            type="button"
            disabled={fetchNow.isPending || last?.outcome === 'running'}
            onClick={() =>
              void fetchNow.mutateAsync().then(
                () => setStarted(true),
                () => setStarted(false),
              )
            }
          >
            {last?.outcome === 'running' ? t('detail.fetching') : t('detail.fetchNow')}
          </button>
          <button type="button" className="sources-danger" onClick={() => void onDelete()} disabled={remove.isPending}>
            {t('detail.delete')}
          </button>
        </div>
      ) : null}
      <p role="status">{started ? t('detail.started') : null}</p>
      {fetchNow.error ? (
        <p role="alert" className="operator-error">
          {fetchNow.error.message}
        </p>
      ) : null}

      <div className="sources-grid">
        <section aria-labelledby="last-title" className="sources-panel">
          <h2 id="last-title">{t('fetch.title')}</h2>
          {last ? <FetchDetails fetch={last} /> : <p>{t('never')}</p>}
        </section>
        <div className="sources-panel">
          {canEdit ? <UploadForm sourceId={id} /> : null}
          {canEdit ? (
            <SourceForm key={`${s.id}-${s.url}-${s.intervalMinutes}-${s.guideShiftMinutes}`} source={s} />
          ) : null}
        </div>
      </div>
      <UnmatchedList sourceId={id} canEdit={canEdit} />
      <section aria-labelledby="history-title">
        <h2 id="history-title">{t('history.title')}</h2>
        <FetchHistory items={fetches.data?.items ?? []} />
      </section>
    </section>
  );
}
