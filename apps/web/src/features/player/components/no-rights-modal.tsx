import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';

export interface NoRightsModalProps {
  open: boolean;
  onBack: () => void;
  /** Null while the products load (Comprar disabled); undefined when nothing sells the content: no Comprar at all. */
  onBuy: (() => void) | null | undefined;
}

/** The purchase prompt: 'No tienes derechos de acceso a este contenido', Volver / Comprar. */
export function NoRightsModal({ open, onBack, onBuy }: NoRightsModalProps) {
  const { t } = useTranslation('player');
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={t('noRights.title')}
      onEscape={onBack}
      className="player-modal"
      actions={
        <>
          <Button variant="secondary" onClick={onBack}>
            {t('noRights.back')}
          </Button>
          {onBuy === undefined ? null : (
            <Button onClick={onBuy ?? undefined} disabled={!onBuy}>
              {t('noRights.buy')}
            </Button>
          )}
        </>
      }
    >
      <p>{onBuy === undefined ? t('noRights.notForSale') : t('noRights.question')}</p>
    </Modal>
  );
}
