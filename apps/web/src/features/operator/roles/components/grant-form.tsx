import { OPERATOR_ROLES, type OperatorRole } from '@pantalla/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { SelectField, TextField } from '../../../../ui/text-field';
import { useGrantRole } from '../api/grant-role';

const isRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value);

/** Grant a role to an account by its e-mail (sensitive: the password dialog may open). */
export function GrantForm() {
  const { t } = useTranslation('operator-access');
  const { t: tc } = useTranslation('operator');
  const grant = useGrantRole();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    setError(null);
    if (!email.trim() || !isRole(role)) return setError(t('roles.grant.incomplete'));
    try {
      await grant.mutateAsync({ email: email.trim(), role });
      setDone(t('roles.grant.done', { email: email.trim(), role: tc(`roles.${role}`) }));
      setEmail('');
      setRole('');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'reauth_required') return setError(t('roles.needPassword'));
      if (failure instanceof ApiError && failure.status === 404) return setError(t('roles.grant.noAccount'));
      if (failure instanceof ApiError && failure.status === 409) return setError(t('roles.grant.held'));
      if (failure instanceof ApiError && failure.status === 400) return setError(t('roles.grant.invalidEmail'));
      setError(t('roles.failed'));
    }
  }

  return (
    <form
      className="operator-access__grant"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="grant-title"
      noValidate
    >
      <h2 id="grant-title">{t('roles.grant.title')}</h2>
      <div className="operator-access__fields">
        <TextField
          label={t('roles.grant.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <SelectField
          label={t('roles.grant.role')}
          placeholder={t('roles.grant.choose')}
          value={role}
          onChange={(e) => setRole(e.target.value)}
          options={OPERATOR_ROLES.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
          required
        />
        <Button type="submit" loading={grant.isPending}>
          {t('roles.grant.submit')}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="operator-access__done">
        {done}
      </p>
      {error && (
        <p role="alert" className="operator-error">
          {error}
        </p>
      )}
    </form>
  );
}
