import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenStream } from '@pantalla/contracts';
import { formatDateTime } from '../../../lib/date';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useCloseStream, useOpenStreams, useResetDrmSessions } from '../api/streams';

function StreamRow({ stream, onClose, closing }: { stream: OpenStream; onClose: () => void; closing: boolean }) {
  const { t } = useTranslation('settings');
  const device = stream.device || t('sessions.unknownDevice');
  const what = stream.title || t(`sessions.types.${stream.type}`);
  return (
    <li className="stream">
      <dl className="stream__facts">
        <div>
          <dt>{t('sessions.device')}</dt>
          <dd>{device}</dd>
        </div>
        <div>
          <dt>{t('sessions.what')}</dt>
          <dd>
            <span className="stream__type">{t(`sessions.types.${stream.type}`)}</span> {what}
          </dd>
        </div>
        <div>
          <dt>{t('sessions.since')}</dt>
          <dd>
            <time dateTime={stream.since}>{formatDateTime(stream.since)}</time>
          </dd>
        </div>
      </dl>
      <Button
        variant="secondary"
        loading={closing}
        onClick={onClose}
        aria-label={t('sessions.closeOne', { device, what })}
      >
        {t('sessions.close')}
      </Button>
    </li>
  );
}

/** The account's open streams with close-one, and the spec's 'Reset DRM sessions' for all. */
export function StreamsSection() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const streams = useOpenStreams();
  const closeOne = useCloseStream();
  const reset = useResetDrmSessions();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: tc('messages.sessionsClosed') }),
      onError: () => setNotice({ tone: 'error', text: tc('messages.errorResettingSessions') }),
    });
  const onClose = (id: string) =>
    closeOne.mutate(id, {
      onSuccess: () => setNotice({ tone: 'success', text: t('sessions.closed') }),
      onError: () => setNotice({ tone: 'error', text: tc('messages.genericAlert') }),
    });

  return (
    <section className="settings-card" aria-labelledby="settings-sessions-title">
      <h2 id="settings-sessions-title" className="settings-card__title">
        {t('sessions.title')}
      </h2>
      <p className="settings-card__intro">{t('sessions.intro')}</p>
      {streams.isPending ? <Spinner size="small" label={tc('app.loading')} /> : null}
      {streams.isError ? <Alert>{t('sessions.loadFailed')}</Alert> : null}
      {streams.data && streams.data.length === 0 ? <p className="settings-empty">{t('sessions.none')}</p> : null}
      {streams.data && streams.data.length > 0 ? (
        <ul className="streams" aria-label={t('sessions.title')}>
          {streams.data.map((stream) => (
            <StreamRow
              key={stream.id}
              stream={stream}
              closing={closeOne.isPending && closeOne.variables === stream.id}
              onClose={() => onClose(stream.id)}
            />
          ))}
        </ul>
      ) : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div className="settings-actions settings-actions--split">
        <Button onClick={onReset} loading={reset.isPending}>
          {t('sessions.reset')}
        </Button>
        <p className="settings-hint">{t('sessions.resetHint')}</p>
      </div>
    </section>
  );
}
