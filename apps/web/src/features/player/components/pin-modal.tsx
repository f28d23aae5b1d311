import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';

/** The PIN length the labels name (4 digits); the server checks the PIN. */
const PIN_LENGTH = 4;

export interface PinModalProps {
  open: boolean;
  wrong: boolean;
  onSubmit: (pin: string) => Promise<'ok' | 'wrong' | 'blocked'>;
  onCancel: () => void;
}

/** Rating 7: the PIN is checked as soon as 4 digits are typed (spec section 5). */
export function PinModal({ open, wrong, onSubmit, onCancel }: PinModalProps) {
  const { t } = useTranslation('player');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState(false);

  const change = async (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, PIN_LENGTH);
    setPin(digits);
    if (digits.length !== PIN_LENGTH) return;
    setBusy(true);
    const result = await onSubmit(digits);
    setBusy(false);
    setBlocked(result === 'blocked');
    if (result !== 'ok') setPin('');
  };

  return (
    <Modal open={open} title={t('pin.title')} onEscape={onCancel} className="player-modal" actions={<Button variant="secondary" onClick={onCancel}>{t('pin.cancel')}</Button>}>
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
          aria-invalid={wrong || blocked}
          onChange={(event) => void change(event.target.value)}
        />
      </label>
      {busy ? <p role="status">{t('pin.checking')}</p> : null}
      {blocked ? <p role="alert" className="player-modal__error">{t('pin.blocked')}</p> : wrong ? <p role="alert" className="player-modal__error">{t('pin.wrong')}</p> : null}
    </Modal>
  );
}
