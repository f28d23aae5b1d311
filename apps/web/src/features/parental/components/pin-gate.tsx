import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useAuthenticatedUser } from '../../account';
import { useVerifyParentalPin } from '../api/verify-pin';
import { createEntryStore, needsAdultPin } from '../lib/pin-rule';

/** Spec: the PIN is checked once its length reaches the configured length (4 digits). */
const PIN_LENGTH = 4;

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function focusHeading(heading: HTMLElement | null): void {
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** When the PIN last opened the adult section, for this tab. */
export const adultEntryStore = createEntryStore(tabStorage());

export interface AdultPinGateProps {
  children: ReactNode;
  /** Leaving without a PIN: back, or home. */
  onCancel: () => void;
  /** What may show behind the modal (the page header), never the section's content. */
  behind?: ReactNode;
  /** The heading that takes the focus once the PIN opens the section; the page's h1 by default. */
  heading?: () => HTMLElement | null;
}

const pageHeading = () => document.querySelector<HTMLElement>('main h1, h1');

/**
 * Section 162's gate: the modal 'Sección bloqueada con PIN parental' stands in front of
 * the section (nothing of it is fetched) while the rule asks for the PIN. The server
 * checks the PIN; a match records the entry instant, so the next 900 s pass without it.
 */
export function AdultPinGate({ children, onCancel, behind, heading = pageHeading }: AdultPinGateProps) {
  const { t } = useTranslation('explore');
  const user = useAuthenticatedUser();
  const [authenticatedHere, setAuthenticatedHere] = useState(false);
  const [askedOnEntry] = useState(() =>
    needsAdultPin({
      hasPin: user.hasPin,
      authenticatedHere: false,
      lastEntryAt: adultEntryStore.read(),
      now: Date.now(),
    }),
  );
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyParentalPin();
  // The modal and its field leave on a correct PIN: focus goes to the section's heading, not the page.
  useEffect(() => {
    if (authenticatedHere) focusHeading(heading());
  }, [authenticatedHere, heading]);

  if (!askedOnEntry || authenticatedHere) return <>{children}</>;

  function check(value: string) {
    setError(null);
    verify.mutate(
      { pin: value },
      {
        onSuccess: () => {
          adultEntryStore.write(Date.now());
          setAuthenticatedHere(true);
        },
        onError: (e) => {
          setPin('');
          // 400 is a wrong PIN; 429 (too many) and others carry the server's message.
          setError(e instanceof ApiError && e.status !== 400 ? e.message : t('parental.wrong'));
        },
      },
    );
  }

  function onChange(value: string) {
    const digits = value.replace(/\D/g, '').slice(0, PIN_LENGTH);
    setPin(digits);
    if (digits.length === PIN_LENGTH && !verify.isPending) check(digits);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pin.length === PIN_LENGTH) check(pin);
  }

  return (
    <>
      {behind}
      <Modal
        open
        title={t('parental.title')}
        onEscape={onCancel}
        className="pin-gate"
        actions={
          <>
            <Button variant="secondary" onClick={onCancel}>
              {t('parental.cancel')}
            </Button>
            <Button type="submit" form="pin-gate-form" loading={verify.isPending} disabled={pin.length !== PIN_LENGTH}>
              {t('parental.submit')}
            </Button>
          </>
        }
      >
        <form id="pin-gate-form" className="pin-gate__form" onSubmit={onSubmit} noValidate>
          <p>{t('parental.body')}</p>
          <TextField
            label={t('parental.pinLabel')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PIN_LENGTH}
            value={pin}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'pin-gate-error' : undefined}
            className="pin-gate__field"
          />
          {error ? (
            <p id="pin-gate-error" className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          {verify.isPending ? (
            <p className="pin-gate__status" role="status">
              {t('parental.checking')}
            </p>
          ) : null}
        </form>
      </Modal>
    </>
  );
}
