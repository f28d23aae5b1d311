import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_TOO_COMMON } from '@pantalla/contracts';
import { logout, session } from '../../account';
import { showError } from '../../../lib/error-modal-store';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useChangePassword } from '../api/change-password';
import { settingsFailure } from '../lib/error-message';

type Problems = Partial<Record<'current' | 'next' | 'repeat', string>>;

/** Change password: the current one required; the server signs every other device out. */
export function PasswordSection() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState({ current: '', next: '', repeat: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  function validate(): Problems {
    const found: Problems = {};
    if (!values.current) found.current = t('password.required');
    if (values.next.length < 6 || values.next.length > 30) found.next = t('password.length');
    if (values.repeat !== values.next) found.repeat = t('password.mismatch');
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setProblems(found);
    setResult(null);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: (info) => {
          session.authenticate(info);
          setValues({ current: '', next: '', repeat: '' });
          setResult({ tone: 'success', text: t('password.changed') });
        },
        onError: (error) => {
          const shown = settingsFailure(error);
          if (shown.kind === 'signedOut') {
            showError({ title: tc('messages.internalError'), details: tc('messages.51') });
            void logout();
            return;
          }
          // The server's refusal of a common password is shown in the user's language; other server texts as said.
          const text =
            shown.kind === 'server'
              ? shown.text === PASSWORD_TOO_COMMON
                ? tc('messages.passwordCommon')
                : shown.text
              : tc(shown.key);
          setResult({ tone: 'error', text });
        },
      },
    );
  }

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  return (
    <section className="settings-card" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title" className="settings-card__title">
        {t('password.title')}
      </h2>
      <p className="settings-card__intro">{t('password.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          {...field('current')}
        />
        <TextField label={t('password.new')} type="password" autoComplete="new-password" {...field('next')} />
        <TextField label={t('password.repeat')} type="password" autoComplete="new-password" {...field('repeat')} />
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <div className="settings-actions">
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
