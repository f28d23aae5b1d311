import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { Alert } from '../../../../ui/alert';
import { PanelLayout } from '../../../../ui/panel-layout';
import { Spinner } from '../../../../ui/spinner';
import { session } from '../../stores/session';
import { confirmEmail } from '../api/registration-api';
import './registration.css';

/** /confirm/{token}: the registration mail's link. Confirms once; a used or expired link says so. */
export function ConfirmEmailScreen() {
  const { t } = useTranslation('registration');
  const { t: tc } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useMutation({
    mutationFn: (value: string) => confirmEmail(value),
    onSuccess() {
      // A signed-in tab stops showing the reminder at once.
      const { userInfo } = session.getState();
      if (userInfo && userInfo.emailConfirmed === false) session.authenticate({ ...userInfo, emailConfirmed: true });
    },
  });
  const { mutate } = confirm;
  // The link works once: never send it twice (React runs effects twice in development).
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [mutate, token]);

  return (
    <PanelLayout title={t('confirm.title')}>
      <div className="result">
        {confirm.isSuccess ? <Alert tone="success">{t('confirm.success')}</Alert> : null}
        {confirm.isError ? <Alert>{t('confirm.invalid')}</Alert> : null}
        {confirm.isPending || confirm.isIdle ? <Spinner label={t('confirm.checking')} /> : null}
        <Link className="btn btn--primary btn--block" to={paths.landing.getHref()}>
          {tc('actions.backHome')}
        </Link>
      </div>
    </PanelLayout>
  );
}
