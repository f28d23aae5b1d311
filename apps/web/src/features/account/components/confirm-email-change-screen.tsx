import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_CHANGE_MESSAGES } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { PanelLayout } from '../../../ui/panel-layout';
import { confirmEmailChange } from '../api/confirm-email-change';
import { session, useSession } from '../stores/session';
import './login.css';

/**
 * /confirm-email/{token}: the link mailed to a new address. It confirms only on a press of the
 * button, so a mail scanner that opens links does not spend the single-use token; then it
 * leads to the settings (signed in) or to sign-in with the new address.
 */
export function ConfirmEmailChangeScreen({ token }: { token: string }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const signedIn = useSession().status === 'authenticated';
  const confirm = useMutation({
    mutationFn: confirmEmailChange,
    async onSuccess({ email }) {
      // A signed-in tab shows the new address at once.
      const { userInfo } = session.getState();
      if (userInfo) session.authenticate({ ...userInfo, email, username: email });
      await client.invalidateQueries({ queryKey: ['settings', 'email'] });
      await client.invalidateQueries({ queryKey: ['account', 'account'] });
    },
  });
  const refusal = confirm.error instanceof ApiError && confirm.error.status === 400 ? confirm.error.message : null;
  const failure = confirm.isError
    ? refusal === EMAIL_CHANGE_MESSAGES.taken
      ? t('email.taken')
      : refusal !== null
        ? t('email.linkInvalid')
        : tc('messages.genericAlert')
    : null;
  const next = signedIn ? (
    <Link className="btn btn--primary btn--block" to={paths.settings.getHref()}>
      {t('email.toSettings')}
    </Link>
  ) : (
    <Link className="btn btn--primary btn--block" to={paths.landing.getHref()}>
      {t('email.toSignIn')}
    </Link>
  );
  return (
    <PanelLayout title={t('email.confirmTitle')}>
      <div className="form">
        {confirm.isSuccess ? <Alert tone="success">{t('email.confirmed', { email: confirm.data.email })}</Alert> : null}
        {failure ? <Alert>{failure}</Alert> : null}
        {confirm.isSuccess || refusal !== null ? (
          next
        ) : (
          <>
            <p className="form__intro">{t('email.confirmIntro')}</p>
            <Button type="button" block loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {confirm.isPending ? t('email.confirming') : t('email.confirmSubmit')}
            </Button>
          </>
        )}
      </div>
    </PanelLayout>
  );
}
