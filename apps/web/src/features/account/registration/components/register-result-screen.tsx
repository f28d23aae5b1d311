import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { PanelLayout } from '../../../../ui/panel-layout';
import { useSession } from '../../stores/session';
import { useOperator } from '../api/registration-api';
import './registration.css';

/** /register_result/{res}: success, or any other value the spec's error text with the provider's name. */
export function RegisterResultScreen() {
  const { t } = useTranslation('registration');
  const { t: tc } = useTranslation();
  const { res } = useParams();
  const { userInfo } = useSession();
  const operator = useOperator();
  const provider = userInfo?.skin.provider ?? operator.data?.provider ?? '';
  const success = res === 'success';
  return (
    <PanelLayout title={success ? t('result.successTitle') : t('result.failTitle')}>
      <div className="result">
        {success ? (
          <>
            <p className="result__text">{t('result.success')}</p>
            <p className="result__text">{t('result.confirmMail')}</p>
          </>
        ) : (
          <p className="result__text" role="alert">
            {t('result.fail', { provider })}
          </p>
        )}
        <Link className="btn btn--primary btn--block" to={paths.landing.getHref()}>
          {tc('actions.back')}
        </Link>
      </div>
    </PanelLayout>
  );
}
