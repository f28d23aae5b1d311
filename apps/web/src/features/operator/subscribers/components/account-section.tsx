import type { SubscriberAccount, SubscriberProfile } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../hooks/use-formats';

/** The account's facts and its profiles. */
export function AccountSection({
  account,
  profiles,
}: {
  account: SubscriberAccount;
  profiles: readonly SubscriberProfile[];
}) {
  const { t } = useTranslation('operator-subscribers');
  const { dateTime } = useFormats();
  const unknown = t('account.unknown');
  const facts: [string, string][] = [
    [t('account.email'), account.email],
    [t('account.name'), `${account.name} ${account.surname}`.trim() || unknown],
    [t('account.region'), String(account.regionId)],
    [t('account.country'), account.country ?? unknown],
    [t('account.language'), account.language ?? unknown],
    [t('account.created'), dateTime(account.createdAt)],
    [
      t('account.confirmed'),
      account.emailConfirmedAt === null ? t('account.notConfirmed') : dateTime(account.emailConfirmedAt),
    ],
    [
      t('account.locked'),
      account.lockedAt === null
        ? t('account.notLocked')
        : t('account.lockedSince', { when: dateTime(account.lockedAt) }),
    ],
  ];
  return (
    <section className="subscriber__card" aria-labelledby="subscriber-account">
      <h2 id="subscriber-account">{t('account.title')}</h2>
      <dl className="subscriber__facts">
        {facts.map(([term, value]) => (
          <div key={term} className="subscriber__fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('profiles.title')}</h3>
      {profiles.length === 0 ? (
        <p>{t('profiles.none')}</p>
      ) : (
        <ul className="subscriber__list">
          {profiles.map((profile) => (
            <li key={profile.id}>
              {profile.name}{' '}
              <span className="subscriber__muted">· {profile.isAdult ? t('profiles.adult') : t('profiles.child')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
