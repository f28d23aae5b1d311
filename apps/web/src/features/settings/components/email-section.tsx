import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_CHANGE_MESSAGES } from '@pantalla/contracts';
import { logout } from '../../account';
import { ApiError } from '../../../lib/api-client';
import { showError } from '../../../lib/error-modal-store';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useEmailStatus, useRequestEmailChange } from '../api/email-change';
import { settingsFailure } from '../lib/error-message';

type Problems = Partial<Record<'email' | 'password', string>>;

const waitOf = (error: unknown) => {
  const data = error instanceof ApiError ? error.data : undefined;
  const seconds =
    typeof data === 'object' &&
    data !== null &&
    'retryAfterSeconds' in data &&
    typeof data.retryAfterSeconds === 'number'
      ? data.retryAfterSeconds
      : 60;
  return Math.max(1, Math.ceil(seconds / 60));
};

/** 'Correo electrónico': the sign-in address, and its change through a link to the new one (issue 26). */
export function EmailSection() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const status = useEmailStatus();
  const change = useRequestEmailChange();
  const [values, setValues] = useState({ email: '', password: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const email = values.email.trim().toLowerCase();
    const found: Problems = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) found.email = t('email.invalid');
    else if (email === status.data?.email) found.email = t('email.same');
    if (!values.password) found.password = t('email.passwordRequired');
    setProblems(found);
    setResult(null);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { email, password: values.password },
      {
        onSuccess: () => {
          setValues({ email: '', password: '' });
          setResult({ tone: 'success', text: t('email.sent', { email }) });
        },
        onError: (error) => {
          const shown = settingsFailure(error);
          if (shown.kind === 'signedOut') {
            showError({ title: tc('messages.internalError'), details: tc('messages.51') });
            void logout();
            return;
          }
          if (error instanceof ApiError && error.status === 429) {
            // Too many wrong passwords is the password check's lock (its own words); too many requests is ours.
            const locked = error.message.startsWith('Ya has pedido');
            setResult({
              tone: 'error',
              text: locked ? t('email.tooMany', { minutes: waitOf(error) }) : tc('messages.tooManyAttempts'),
            });
            return;
          }
          if (shown.kind === 'server') {
            const text =
              shown.text === EMAIL_CHANGE_MESSAGES.same
                ? t('email.same')
                : shown.text === 'Introduce un correo electrónico válido'
                  ? t('email.invalid')
                  : shown.text;
            setResult({ tone: 'error', text });
            return;
          }
          setResult({ tone: 'error', text: tc(shown.key) });
        },
      },
    );
  }

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  const pending = status.data?.pending ?? null;

  return (
    <section className="settings-card" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title" className="settings-card__title">
        {t('email.title')}
      </h2>
      <p className="settings-card__intro">{t('email.intro')}</p>
      {/* A long address wraps rather than widening the card on a phone. */}
      <p style={{ overflowWrap: 'anywhere' }}>
        {t('email.current')}: <strong data-testid="current-email">{status.data?.email ?? '…'}</strong>
      </p>
      {pending && result?.tone !== 'success' ? (
        <Alert tone="info">{t('email.pending', { email: pending.email })}</Alert>
      ) : null}
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('email.new')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          {...field('email')}
        />
        <TextField label={t('email.password')} type="password" autoComplete="current-password" {...field('password')} />
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <div className="settings-actions">
          <Button type="submit" loading={change.isPending}>
            {t('email.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
