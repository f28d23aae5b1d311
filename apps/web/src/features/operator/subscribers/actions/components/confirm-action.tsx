import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../../lib/api-client';
import { Button } from '../../../../../ui/button';
import { Modal } from '../../../../../ui/modal';

/** What the dialog collected: the reason (when asked) and any extra fields the action adds. */
export interface ActionInput {
  reason: string;
}

export interface ConfirmActionProps {
  /** The button on the page. */
  label: string;
  title: string;
  explain: ReactNode;
  confirm: string;
  /** Ask why (the audit trail keeps it). */
  withReason?: boolean;
  /** Extra fields inside the dialog's form (the grant's package and end date). */
  fields?: ReactNode;
  /** Runs the action; its message is said after it succeeded. */
  run: (input: ActionInput) => Promise<string>;
  variant?: 'primary' | 'secondary' | 'ghost';
  disabled?: boolean;
  /** The action no longer applies (refunded, cancelled): the button goes, a message just said stays. */
  spent?: boolean;
}

/** Why the operator acts: kept in the audit trail. */
function ReasonField({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const { t } = useTranslation('operator-actions');
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{t('reason')}</label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        minLength={3}
        maxLength={500}
        rows={3}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`}>{t('reasonHint')}</small>
    </>
  );
}

/**
 * A page action behind a confirmation: a modal that says what will happen and asks why,
 * then a status line with the outcome; a refusal stays in the dialog as an alert.
 */
export function ConfirmAction({
  label,
  title,
  explain,
  confirm,
  withReason = true,
  fields,
  run,
  variant = 'secondary',
  disabled,
  spent = false,
}: ConfirmActionProps) {
  const { t } = useTranslation('operator-actions');
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function close() {
    setOpen(false);
    setReason('');
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const message = await run({ reason: reason.trim() });
      close();
      setDone(message);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('failed'));
    } finally {
      setBusy(false);
    }
  }

  if (spent && !done) return null;
  return (
    <span className="subscriber-action">
      {spent ? null : (
        <Button
          variant={variant}
          disabled={disabled}
          onClick={() => {
            setDone(null);
            setOpen(true);
          }}
        >
          {label}
        </Button>
      )}
      {done ? (
        <span role="status" className="subscriber-action__done">
          {done}
        </span>
      ) : null}
      <Modal
        open={open}
        title={title}
        onEscape={busy ? undefined : close}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" form={formId} loading={busy}>
              {confirm}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} className="subscriber-action__form">
          <p>{explain}</p>
          {fields}
          {withReason ? <ReasonField value={reason} onChange={setReason} /> : null}
          {error ? (
            <p role="alert" className="operator-error">
              {error}
            </p>
          ) : null}
        </form>
      </Modal>
    </span>
  );
}
