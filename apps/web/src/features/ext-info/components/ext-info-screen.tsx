import { useTranslation } from 'react-i18next';
import { useAuthenticatedUser, useServerTime } from '../../account';
import { formatDateTime } from '../../../lib/date';
import { PageHeader } from '../../catalogue';

/**
 * /extinfo/ 'Información adicional': the spec shows nothing of it; we show who runs the
 * service, where to get help, the signed-in account and the service's clock
 * (docs/decisions.md).
 */
export function ExtInfoScreen() {
  const { t } = useTranslation('explore');
  const user = useAuthenticatedUser();
  const time = useServerTime();
  const rows: [string, string][] = [
    [t('extInfo.operator'), user.skin.operator],
    [t('extInfo.support'), user.skin.provider],
    [t('extInfo.account'), user.email],
    [t('extInfo.region'), String(user.regionId)],
    [
      t('extInfo.serverTime'),
      time.data ? formatDateTime(time.data.time * 1000) : time.isError ? t('extInfo.unavailable') : '…',
    ],
  ];
  return (
    <div className="browse-page ext-info-page">
      <PageHeader title={t('extInfo.title')} subtitle={t('extInfo.subtitle')} close />
      <dl className="ext-info">
        {rows.map(([term, value]) => (
          <div key={term} className="ext-info__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
