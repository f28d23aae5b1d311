import { useTranslation } from 'react-i18next';
import { LostPasswordForm } from '../../features/account';
import { PanelLayout } from '../../ui/panel-layout';

/** /lostpassword/ */
export function Component() {
  const { t } = useTranslation();
  return (
    <PanelLayout title={t('lostPassword.title')}>
      <LostPasswordForm />
    </PanelLayout>
  );
}
