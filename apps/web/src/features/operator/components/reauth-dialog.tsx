import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { reauthenticate, setReauthAsker } from '../api/reauth';

/** The password dialog sensitive actions open (withReauth); one per console. */
export function ReauthDialog() {
  const { t } = useTranslation('operator');
  const inputId = useId();
  const [pending, setPending] = useState<((ok: boolean) => void) | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setReauthAsker(() => new Promise<boolean>((resolve) => setPending(() => resolve)));
    return () => setReauthAsker(null);
  }, []);

  function close(ok: boolean) {
    pending?.(ok);
    setPending(null);
    setPassword('');
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await reauthenticate(password);
      close(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('reauth.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={pending !== null}
      title={t('reauth.title')}
      onEscape={() => close(false)}
      actions={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('reauth.cancel')}
          </Button>
          <Button type="submit" form={`${inputId}-form`} loading={busy}>
            {t('reauth.confirm')}
          </Button>
        </>
      }
    >
      <form id={`${inputId}-form`} onSubmit={submit} className="operator-reauth">
        <p>{t('reauth.explain')}</p>
        <label htmlFor={inputId}>{t('reauth.password')}</label>
        <input
          id={inputId}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {error ? (
          <p role="alert" className="operator-error">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
