import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useNow } from '../api/get-now';
import { NowTable } from './now-table';
import '../now.css';

const time = (at: number, language: string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);

/**
 * The Now view: open streams in total and per live channel, heaviest first, asked again every
 * few seconds. Only the summary is a live region (polite): rows changing are not announced.
 */
export function NowScreen() {
  const { t, i18n } = useTranslation('operator-now');
  useDocumentTitle(t('title'));
  const now = useNow();
  const pages = now.data?.pages ?? [];
  const first = pages[0];
  const rows = pages.flatMap((page) => page.items);
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <section className="operator-now" aria-labelledby="operator-now-title">
      <h1 id="operator-now-title">{t('title')}</h1>
      <div className="operator-now__summary">
        <p role="status" aria-live="polite" aria-atomic="true" className="operator-now__totals">
          {first
            ? `${t('summary', { streams: number.format(first.totalStreams), count: first.totalStreams })} ${t('channels', { channels: number.format(first.channelsWatched), count: first.channelsWatched })}`
            : now.isPending
              ? t('loading')
              : ''}
        </p>
        {first && (
          <dl className="operator-now__kinds">
            {(['live', 'catchup', 'film', 'episode'] as const).map((kind) => (
              <div key={kind}>
                <dt>{t(`kinds.${kind}`)}</dt>
                <dd>{number.format(first.byKind[kind])}</dd>
              </div>
            ))}
          </dl>
        )}
        {first && (
          <p className="operator-now__updated">
            {t('updatedAt', { time: time(first.countedAt, i18n.language) })}
            {now.isRefetchError && <span className="operator-error"> {t('stale')}</span>}
          </p>
        )}
      </div>
      {now.isError && !first ? (
        <p className="operator-error" role="alert">
          {t('error')}{' '}
          <button type="button" className="operator-now__button" onClick={() => void now.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : first && rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : first ? (
        <NowTable rows={rows} />
      ) : null}
      {now.hasNextPage && (
        <button
          type="button"
          className="operator-now__button"
          onClick={() => void now.fetchNextPage()}
          disabled={now.isFetchingNextPage}
        >
          {now.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
        </button>
      )}
    </section>
  );
}
