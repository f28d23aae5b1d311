import { useTranslation } from 'react-i18next';
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
    </PanelLayout>
  );
}
