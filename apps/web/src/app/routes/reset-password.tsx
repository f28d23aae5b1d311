import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ResetPasswordForm } from '../../features/account';
import { PanelLayout } from '../../ui/panel-layout';

/** /resetpassword/{token}: the link of the recovery mail. */
export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <PanelLayout title={t('resetPassword.title')}>
      <ResetPasswordForm token={token} />
    </PanelLayout>
  );
}
