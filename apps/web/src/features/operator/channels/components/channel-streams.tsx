import { useTranslation } from 'react-i18next';
import type { OperatorChannel } from '@pantalla/contracts';
import { ApiError } from '../../../../lib/api-client';
import { useCheckStreams } from '../api/check-streams';

/** An imported channel's streams with the User-Agent and Referer their list asks for, and a server-side check. */
export function ChannelStreams({ channel }: { channel: OperatorChannel }) {
  const { t } = useTranslation('operator-channels');
  const check = useCheckStreams(channel.id);
  if (channel.streams.length === 0) return <p className="channel-form__hint">{t('streams.originOnly')}</p>;
  const results = new Map(check.data?.items.map((r) => [r.url, r]));
  const asks = channel.streams.some((s) => s.userAgent || s.referrer);
  return (
    <section className="channel-streams" aria-labelledby="channel-streams-title">
      <h2 id="channel-streams-title">{t('streams.title')}</h2>
      <ol className="channel-streams__list">
        {channel.streams.map((s, i) => {
          const result = results.get(s.url);
          return (
            <li key={s.url}>
              <strong>{i === 0 ? t('streams.main') : t('streams.alternate', { n: i })}</strong>{' '}
              <code className="channel-streams__url">{s.url}</code>
              <dl>
                {s.userAgent ? (
                  <>
                    <dt>{t('streams.userAgent')}</dt>
                    <dd>{s.userAgent}</dd>
                  </>
                ) : null}
                {s.referrer ? (
                  <>
                    <dt>{t('streams.referrer')}</dt>
                    <dd>{s.referrer}</dd>
                  </>
                ) : null}
                {!s.userAgent && !s.referrer ? <dd>{t('streams.none')}</dd> : null}
              </dl>
              {result ? (
                <p role="status" className={result.ok ? 'channel-streams__ok' : 'channel-streams__failed'}>
                  {result.ok ? t('streams.ok', { status: result.status }) : `${t('streams.failed')}: ${result.message}`}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {asks ? <p className="channel-form__hint">{t('streams.webNote')}</p> : null}
      <button type="button" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? t('streams.checking') : t('streams.check')}
      </button>
      {check.error ? (
        <p role="alert" className="operator-error">
          {check.error instanceof ApiError ? check.error.message : t('streams.failed')}
        </p>
      ) : null}
    </section>
  );
}
