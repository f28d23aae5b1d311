import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PanelLayout } from '../../../ui/panel-layout';
import { useProviderName } from '../api/quote';
import { safeReturnPath } from '../card-messages';
import './commerce.css';

/**
 * /purchase_result/{res}: success, or for any other value the fail text with the provider's
 * name (the checkout's, the signed-in user's, else the operator's public one: always named).
 * 'Volver' leads back to what the user wanted to watch, now playable, else to /. The app layer
 * passes the signed-in user's provider: commerce does not reach into the account feature.
 */
export function PurchaseResultScreen({ userProvider }: { userProvider?: string | undefined }) {
  const { t } = useTranslation('commerce');
  const { t: tc } = useTranslation();
  const { res } = useParams();
  const location = useLocation();
  const state = location.state as { returnTo?: unknown; provider?: unknown } | null;
  const publicName = useProviderName();
  const provider = (typeof state?.provider === 'string' && state.provider) || userProvider || publicName || '';
  const success = res === 'success';
  const back = (success ? safeReturnPath(state?.returnTo) : null) ?? paths.landing.getHref();
  return (
    <PanelLayout title={success ? t('result.successTitle') : t('result.failTitle')}>
      <div className="result">
        {success ? (
          <p className="result__text">{t('result.success')}</p>
        ) : (
          <p className="result__text" role="alert">
            {t('result.fail', { provider })}
          </p>
        )}
        <Link className="btn btn--primary btn--block" to={back}>
          {tc('actions.back')}
        </Link>
      </div>
    </PanelLayout>
  );
}
