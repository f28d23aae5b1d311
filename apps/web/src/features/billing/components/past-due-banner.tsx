import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDay } from '../format';
import '../billing.css';

/** A renewal failed and the grace period runs: says until when, links to the payment method. Never blocks. */
export function PastDueBanner({
  title,
  graceUntil,
  onDismiss,
}: {
  title: string;
  graceUntil: string;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation('billing');
  return (
    <div className="past-due-banner" role="status" data-testid="past-due-banner">
      <p className="past-due-banner__text">
        {t('banner.pastDue', { title, date: formatDay(graceUntil, i18n.language) })}
      </p>
      <Link className="btn btn--primary past-due-banner__action" to={`${paths.settings.getHref()}#payment-method`}>
        {t('banner.action')}
      </Link>
      <button type="button" className="past-due-banner__close" onClick={onDismiss} aria-label={t('banner.dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
