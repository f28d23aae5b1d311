import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { LoginForm, useSession } from '../../features/account';
import { Alert } from '../../ui/alert';
import { PanelLayout } from '../../ui/panel-layout';

export function LoginScreen() {
  const { t } = useTranslation();
  const { resetReason } = useSession();
  return (
    <PanelLayout title={t('login.title')}>
      {resetReason === 'expired' ? <Alert tone="info">{t('messages.sessionExpired')}</Alert> : null}
      <LoginForm />
      <p className="login-screen__register">
        <Link className="link" to={paths.register.getHref()}>
          {t('login.noAccount')}
        </Link>
      </p>
    </PanelLayout>
  );
}
