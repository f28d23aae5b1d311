import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useKidsProfile as useKidsProfileOf } from '../../../lib/current-profile';
import { readUserInfoCookie } from '../../../lib/user-info-cookie';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { checkAccountPassword } from '../api/purchases';

/**
 * Whether this device watches as a kids profile (issue 30): it buys only with the account password.
 * The account is the signed-in user's cookie (commerce does not reach into the account feature).
 */
export function useKidsProfile(): boolean {
  const [email] = useState(() => readUserInfoCookie()?.email);
  return useKidsProfileOf(email);
}

/**
 * A kids profile's purchase starts with the account password instead of the purchase form:
 * checked here so a slip is told at once, and sent with the purchase, where the server checks it again.
 */
export function KidsPasswordStep({ onPassed }: { onPassed: (password: string) => void }) {
  const { t, i18n } = useTranslation('commerce');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('kidsPassword.required'));
      return;
    }
    setBusy(true);
    checkAccountPassword(password).then(
      () => onPassed(password),
      (failure: unknown) => {
        setBusy(false);
        if (failure instanceof ApiError && failure.status === 400) setError(t('kidsPassword.wrong'));
        // Too many tries: the server's sentence says how long to wait (Spanish only).
        else if (failure instanceof ApiError && failure.status === 429 && i18n.language.startsWith('es'))
          setError(failure.message);
        else setError(t('checkout.connectivity'));
      },
    );
  };

  return (
    <form className="checkout-form kids-password" onSubmit={submit} noValidate aria-busy={busy}>
      <p className="kids-password__intro">{t('kidsPassword.intro')}</p>
      <TextField
        label={t('kidsPassword.label')}
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" loading={busy}>
        {t('kidsPassword.continue')}
      </Button>
    </form>
  );
}
