import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../account';
import { showError } from '../../../lib/error-modal-store';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useDeleteAccount, useExportAccountData } from '../api/account-data';
import { settingsFailure } from '../lib/error-message';

/** Saves `data` as a JSON file through the browser's own download. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Result = { tone: 'success' | 'error'; text: string } | null;

/** A failed call's text, or the sign-out that message 51 asks for. */
function useFailure(setResult: (result: Result) => void) {
  const { t: tc } = useTranslation();
  return (error: unknown) => {
    const shown = settingsFailure(error);
    if (shown.kind === 'signedOut') {
      showError({ title: tc('messages.internalError'), details: tc('messages.51') });
      void logout();
      return;
    }
    setResult({ tone: 'error', text: shown.kind === 'server' ? shown.text : tc(shown.key) });
  };
}

/** Download all their data as a JSON file. */
function DataDownload() {
  const { t } = useTranslation('settings');
  const download = useExportAccountData();
  const [result, setResult] = useState<Result>(null);
  const failed = useFailure(setResult);
  function exportData() {
    setResult(null);
    download.mutate(undefined, {
      onSuccess: (data) => {
        saveJson(data, 'pantalla-datos.json');
        setResult({ tone: 'success', text: t('data.downloaded') });
      },
      onError: failed,
    });
  }
  return (
    <>
      <p className="settings-card__intro">{t('data.exportIntro')}</p>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <div className="settings-actions">
        <Button type="button" variant="secondary" loading={download.isPending} onClick={exportData}>
          {t('data.export')}
        </Button>
      </div>
    </>
  );
}

/** Delete the account: the password, then a second press to confirm; signed out once done. */
function DeleteAccount() {
  const { t } = useTranslation('settings');
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [result, setResult] = useState<Result>(null);
  const [confirming, setConfirming] = useState(false);
  const failed = useFailure(setResult);

  function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    setProblem(password ? undefined : t('data.passwordRequired'));
    if (!password) return;
    if (!confirming) return setConfirming(true);
    remove.mutate(
      { password },
      {
        onSuccess: () => void logout(),
        onError: (error) => {
          setConfirming(false);
          failed(error);
        },
      },
    );
  }

  return (
    <>
      <h3 className="settings-card__subtitle">{t('data.deleteTitle')}</h3>
      <p className="settings-card__intro">{t('data.deleteIntro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('data.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={problem}
          onChange={(event) => {
            setPassword(event.target.value);
            setConfirming(false);
          }}
        />
        {confirming ? <Alert tone="error">{t('data.confirm')}</Alert> : null}
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <div className="settings-actions">
          <Button type="submit" variant={confirming ? 'primary' : 'secondary'} loading={remove.isPending}>
            {confirming ? t('data.deleteForever') : t('data.delete')}
          </Button>
        </div>
      </form>
    </>
  );
}

/** Issue 26, the account is theirs: download all their data, delete the account (password again). */
export function AccountDataSection() {
  const { t } = useTranslation('settings');
  return (
    <section className="settings-card" aria-labelledby="settings-data-title">
      <h2 id="settings-data-title" className="settings-card__title">
        {t('data.title')}
      </h2>
      <DataDownload />
      <DeleteAccount />
    </section>
  );
}
