import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';

export interface StepFormProps {
  title: string;
  intro: string;
  label: string;
  kind: 'pin' | 'password';
  submitLabel: string;
  busy: boolean;
  /** The last failure, announced; a new one empties the field. */
  error: string | null;
  /** A text when the value may not be sent yet (wrong length, empty). */
  validate(value: string): string | null;
  onSubmit(value: string): void;
  onCancel(): void;
}

/** One step of the PIN panel: one field, Continue and Cancel; focus lands in the field. */
export function StepForm({
  title,
  intro,
  label,
  kind,
  submitLabel,
  busy,
  error,
  validate,
  onSubmit,
  onCancel,
}: StepFormProps) {
  const { t } = useTranslation('settings');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [seenError, setSeenError] = useState(error);
  useEffect(() => form.current?.querySelector('input')?.focus(), []);
  // A new failure empties the field, so the next entry starts clean.
  if (error !== seenError) {
    setSeenError(error);
    if (error) setValue('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate(value);
    setInvalid(problem);
    if (!problem) onSubmit(value);
  }

  return (
    <form ref={form} className="settings-step" onSubmit={submit} noValidate aria-label={title}>
      <h3 className="settings-step__title">{title}</h3>
      <p className="settings-step__intro">{intro}</p>
      <TextField
        label={label}
        type="password"
        autoComplete={kind === 'password' ? 'current-password' : 'off'}
        inputMode={kind === 'pin' ? 'numeric' : undefined}
        maxLength={kind === 'pin' ? 4 : 1024}
        value={value}
        error={invalid ?? undefined}
        onChange={(event) => setValue(kind === 'pin' ? event.target.value.replace(/\D/g, '') : event.target.value)}
      />
      {error ? <Alert>{error}</Alert> : null}
      <div className="settings-actions">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('pin.cancel')}
        </Button>
      </div>
    </form>
  );
}
