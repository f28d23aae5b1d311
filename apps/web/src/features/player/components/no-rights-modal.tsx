import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';

export interface NoRightsModalProps {
  open: boolean;
  onBack: () => void;
  /** Null while the product is unknown (nothing sells it): Comprar is then disabled. */
  onBuy: (() => void) | null;
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
          <Button variant="secondary" onClick={onBack}>{t('noRights.back')}</Button>
          <Button onClick={onBuy ?? undefined} disabled={!onBuy}>{t('noRights.buy')}</Button>
        </>
      }
    >
      <p>{t('noRights.question')}</p>
    </Modal>
  );
}
