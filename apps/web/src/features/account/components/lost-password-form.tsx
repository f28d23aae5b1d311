import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useRequestPasswordRecovery } from '../api/request-password-recovery';

/** One email field and 'Recuperar contraseña'. Failures show the server's own message. */
export function LostPasswordForm() {
  const { t } = useTranslation();
  const recovery = useRequestPasswordRecovery();
  const [email, setEmail] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    recovery.mutate(email.trim());
  }

  if (recovery.isSuccess) {
    return (
      <div className="form">
        {/* The server answers this same sentence; the table carries it in every language. */}
        <Alert tone="success">{t('lostPassword.confirmation')}</Alert>
        <Link className="btn btn--secondary btn--block" to={paths.landing.getHref()}>
          {t('lostPassword.backToLogin')}
        </Link>
      </div>
    );
  }

  const error = recovery.error;
  const errorText =
    error instanceof ApiError && !error.isNetworkError ? error.message : error ? t('messages.networkError') : null;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="form__intro">{t('lostPassword.intro')}</p>
      {errorText ? <Alert>{errorText}</Alert> : null}
      <TextField
        label={t('lostPassword.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoFocus
      />
      <Button type="submit" block loading={recovery.isPending}>
        {recovery.isPending ? t('lostPassword.submitting') : t('lostPassword.submit')}
      </Button>
      <Link className="link form__back" to={paths.landing.getHref()}>
        {t('lostPassword.backToLogin')}
      </Link>
    </form>
  );
}
