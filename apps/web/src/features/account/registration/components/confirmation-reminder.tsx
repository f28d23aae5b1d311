import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { useUserInfo } from '../../stores/session';
import { resendConfirmation } from '../api/registration-api';
import './registration.css';

/**
 * Until the address is confirmed, a reminder above every signed-in screen, with a button
 * for a new link. An unconfirmed account may use everything meanwhile (docs/decisions.md).
 */
export function ConfirmationReminder() {
  const { t } = useTranslation('registration');
  const { t: tc } = useTranslation();
  const info = useUserInfo();
  const resend = useMutation({ mutationFn: resendConfirmation });
  if (!info || info.emailConfirmed !== false) return null;
  const failure =
    resend.error instanceof ApiError && !resend.error.isNetworkError
      ? resend.error.message
      : resend.error
        ? tc('messages.networkError')
        : null;
  return (
    <div className="confirm-reminder" role="status">
      <p className="confirm-reminder__text">
        {resend.isSuccess ? t('reminder.sent', { email: info.email }) : t('reminder.text', { email: info.email })}
      </p>
      {failure ? <p className="confirm-reminder__error">{failure}</p> : null}
      {resend.isSuccess ? null : (
        <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
          {t('reminder.resend')}
        </Button>
      )}
    </div>
  );
}
