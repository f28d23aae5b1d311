import { useTranslation } from 'react-i18next';
import type { SourceFetch } from '@pantalla/contracts';
import { formatBytes, formatDuration, formatWhen } from './format';

/** One fetch: when, HTTP answer and validators, size, time, what it imported, and its warnings with their lines. */
export function FetchDetails({ fetch }: { fetch: SourceFetch }) {
  const { t, i18n } = useTranslation('operator-sources');
  const locale = i18n.language;
  const r = fetch.report;
  return (
    <>
      <dl className="sources-details">
        <div>
          <dt>{t('fetch.when')}</dt>
          <dd>
            {formatWhen(fetch.startedAt, locale)} · {t(`trigger.${fetch.trigger}`)} ·{' '}
            <strong>{t(`outcome.${fetch.outcome}`)}</strong>
          </dd>
        </div>
        <div>
          <dt>{t('fetch.status')}</dt>
          <dd>{fetch.httpStatus ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('fetch.etag')}</dt>
          <dd className="sources-mono">{fetch.etag ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('fetch.lastModified')}</dt>
          <dd>{fetch.lastModified ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('fetch.bytes')}</dt>
          <dd>{formatBytes(fetch.bytes, locale)}</dd>
        </div>
        <div>
          <dt>{t('fetch.duration')}</dt>
          <dd>{formatDuration(fetch.durationMs, locale)}</dd>
        </div>
      </dl>
      {r ? (
        <p>
          {t('fetch.channels', { ...r.channels })}
          <br />
          {t('fetch.programmes', { ...r.programmes })}
        </p>
      ) : null}
      {fetch.error ? (
        <p className="operator-error">
          {t('fetch.error')}: {fetch.error}
        </p>
      ) : null}
      <h3>{t('warnings.title')}</h3>
      {fetch.warnings.length === 0 ? (
        <p>{t('warnings.none')}</p>
      ) : (
        <ol className="sources-warnings">
          {fetch.warnings.map((w, i) => (
            <li key={i}>
              {w.line !== null ? (
                <span className="sources-warnings__line">{t('warnings.line', { line: w.line })}</span>
              ) : null}{' '}
              {w.message}
            </li>
          ))}
        </ol>
      )}
      {r && r.problemsTotal > fetch.warnings.length ? (
        <p>{t('warnings.more', { shown: fetch.warnings.length, total: r.problemsTotal })}</p>
      ) : null}
    </>
  );
}
