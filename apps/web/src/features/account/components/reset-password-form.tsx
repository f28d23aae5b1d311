import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PASSWORD_TOO_COMMON, passwordSchema } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useResetPassword } from '../api/reset-password';
import { session } from '../stores/session';

type FieldErrors = { password?: string; confirm?: string };

/** New password twice (6 to 30 characters, the contracts' rule), then a link to sign in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!passwordSchema.safeParse(password).success) next.password = t('resetPassword.length');
    else if (password !== confirm) next.confirm = t('resetPassword.mismatch');
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate(
      { token, password },
      {
        // The server signed this account out everywhere; drop any session held here too.
        onSuccess: () => {
          if (session.getState().status === 'authenticated') session.expire();
        },
      },
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="form">
        <Alert tone="success">
          <strong>{t('resetPassword.successTitle')}.</strong> {t('resetPassword.success')}
        </Alert>
        <Link className="btn btn--primary btn--block" to={paths.landing.getHref()}>
          {t('resetPassword.goToLogin')}
        </Link>
      </div>
    );
  }

  const error = reset.error;
  const serverText =
    error instanceof ApiError && !error.isNetworkError
      ? error.message === PASSWORD_TOO_COMMON
        ? t('messages.passwordCommon')
        : error.message
      : null;
  const errorText = serverText ?? (error ? t('messages.networkError') : null);
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="form__intro">{t('resetPassword.intro')}</p>
      {errorText ? <Alert>{errorText}</Alert> : null}
      <TextField
        label={t('resetPassword.password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        autoFocus
      />
      <TextField
        label={t('resetPassword.confirm')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" block loading={reset.isPending}>
        {reset.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
      </Button>
    </form>
  );
}
