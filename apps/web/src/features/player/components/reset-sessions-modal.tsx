import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';

/** Licence 115: confirm resets the DRM sessions and reloads; cancel leaves the player. */
export function ResetSessionsModal({ open, onAnswer }: { open: boolean; onAnswer: (confirm: boolean) => void }) {
  const { t } = useTranslation('player');
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={t('resetSessions.title')}
      onEscape={() => onAnswer(false)}
      className="player-modal"
      actions={
        <>
          <Button onClick={() => onAnswer(true)}>{t('resetSessions.confirm')}</Button>
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            {t('resetSessions.cancel')}
          </Button>
        </>
      }
    >
      <p>{t('resetSessions.question')}</p>
    </Modal>
  );
}
