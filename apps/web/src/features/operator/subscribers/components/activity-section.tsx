import type { OpenStream, SubscriberDevice, SubscriberSignIn } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { CloseStream } from '../actions';
import { useFormats } from '../hooks/use-formats';

/** Open streams (each closable) and the devices the account played on. */
export function StreamsSection({
  userId,
  streams,
  devices,
}: {
  userId: number;
  streams: readonly OpenStream[];
  devices: readonly SubscriberDevice[];
}) {
  const { t } = useTranslation('operator-subscribers');
  const { dateTime } = useFormats();
  return (
    <section className="subscriber__card" aria-labelledby="subscriber-streams">
      <h2 id="subscriber-streams">{t('streams.title')}</h2>
      {streams.length === 0 ? (
        <p>{t('streams.none')}</p>
      ) : (
        <ul className="subscriber__list">
          {streams.map((stream) => (
            <li key={stream.id} className="subscriber__stream">
              <span>
                <strong>{stream.title || stream.type}</strong> · {stream.device || t('streams.unknownDevice')} ·{' '}
                <span className="subscriber__muted">
                  {t('streams.since', { when: dateTime(Date.parse(stream.since)) })}
                </span>
              </span>
              <CloseStream userId={userId} sessionId={stream.id} />
            </li>
          ))}
        </ul>
      )}
      <h3>{t('devices.title')}</h3>
      {devices.length === 0 ? (
        <p>{t('devices.none')}</p>
      ) : (
        <ul className="subscriber__list">
          {devices.map((device) => (
            <li key={device.device}>
              {device.device || t('streams.unknownDevice')}{' '}
              <span className="subscriber__muted">
                · {t('devices.lastSeen', { when: dateTime(device.lastSeenAt), count: device.streams })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The most recent sign-ins (one per sign-in, refreshes folded in). */
export function SignInsSection({ signIns }: { signIns: readonly SubscriberSignIn[] }) {
  const { t } = useTranslation('operator-subscribers');
  const { dateTime } = useFormats();
  return (
    <section className="subscriber__card" aria-labelledby="subscriber-sign-ins">
      <h2 id="subscriber-sign-ins">{t('signIns.title')}</h2>
      {signIns.length === 0 ? (
        <p>{t('signIns.none')}</p>
      ) : (
        <div className="operator-table-wrap">
          <table className="operator-table">
            <caption className="visually-hidden">{t('signIns.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('signIns.columns.at')}</th>
                <th scope="col">{t('signIns.columns.last')}</th>
                <th scope="col">{t('signIns.columns.remembered')}</th>
                <th scope="col">{t('signIns.columns.live')}</th>
              </tr>
            </thead>
            <tbody>
              {signIns.map((signIn, i) => (
                <tr key={`${signIn.at}-${i}`}>
                  <td>{dateTime(signIn.at)}</td>
                  <td>{dateTime(signIn.lastUsedAt)}</td>
                  <td>{signIn.persistent ? t('signIns.yes') : t('signIns.no')}</td>
                  <td>{signIn.live ? t('signIns.live') : t('signIns.ended')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
