import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

/** Spec option values: 1 = Sí (reset the sessions), 2 = No (dismiss). */
export type ExceededSessionsAnswer = 1 | 2;

export interface ExceededSessionsModalProps {
  open: boolean;
  onAnswer: (answer: ExceededSessionsAnswer) => void;
  /** While the reset runs after Sí. */
  busy?: boolean;
}

export function ExceededSessionsModal({ open, onAnswer, busy = false }: ExceededSessionsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={t('exceededSessions.title')}
      onEscape={busy ? undefined : () => onAnswer(2)}
      actions={
        <>
          <Button onClick={() => onAnswer(1)} loading={busy}>
            {t('actions.yes')}
          </Button>
          <Button variant="secondary" onClick={() => onAnswer(2)} disabled={busy}>
            {t('actions.no')}
          </Button>
        </>
      }
    >
      <p>{t('exceededSessions.question')}</p>
    </Modal>
  );
}
