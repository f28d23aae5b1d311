import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import type { PinAnswer } from '../hooks/use-playback';

/** The PIN length the labels name (4 digits); the server checks the PIN. */
const PIN_LENGTH = 4;

export interface PinModalProps {
  open: boolean;
  wrong: boolean;
  onSubmit: (pin: string) => Promise<PinAnswer>;
  onCancel: () => void;
}

/** Rating 7: the PIN is checked as soon as 4 digits are typed (spec section 5). */
export function PinModal({ open, wrong, onSubmit, onCancel }: PinModalProps) {
  const { t } = useTranslation('player');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  // Why the last check did not open the content, when it says nothing of the PIN itself.
  const [failure, setFailure] = useState<'blocked' | 'offline' | 'failed' | null>(null);

  const change = async (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, PIN_LENGTH);
    setPin(digits);
    if (digits.length !== PIN_LENGTH) return;
    setBusy(true);
    const result = await onSubmit(digits);
    setBusy(false);
    setFailure(result === 'ok' || result === 'wrong' ? null : result);
    if (result !== 'ok') setPin('');
  };

  return (
    <Modal
      open={open}
      title={t('pin.title')}
      onEscape={onCancel}
      className="player-modal"
      actions={
        <Button variant="secondary" onClick={onCancel}>
          {t('pin.cancel')}
        </Button>
      }
    >
      <p>{t('pin.body')}</p>
      <label className="field">
        <span className="field__label">{t('pin.label')}</span>
        <input
          className="field__input pin-input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PIN_LENGTH}
          value={pin}
          disabled={busy}
          aria-invalid={wrong || failure === 'blocked'}
          onChange={(event) => void change(event.target.value)}
        />
      </label>
      {busy ? <p role="status">{t('pin.checking')}</p> : null}
      {failure ? (
        <p role="alert" className="player-modal__error">
          {t(`pin.${failure}`)}
        </p>
      ) : wrong ? (
        <p role="alert" className="player-modal__error">
          {t('pin.wrong')}
        </p>
      ) : null}
    </Modal>
  );
}
