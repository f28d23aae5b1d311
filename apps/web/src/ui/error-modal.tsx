import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

export interface ErrorModalProps {
  open: boolean;
  /** Default: the internal-error text. */
  title?: string;
  details?: string;
  canDismiss: boolean;
  canRetry: boolean;
  onClose: () => void;
  /** Default: reload the page, as the spec says. */
  onRetry?: () => void;
}

/**
 * The spec's global error modal. Escape and the close button exist only when it can be
 * dismissed; a non-recoverable error leaves retry (a reload) as the way on.
 */
export function ErrorModal({ open, title, details, canDismiss, canRetry, onClose, onRetry }: ErrorModalProps) {
  const { t } = useTranslation();
  const retry = onRetry ?? (() => window.location.reload());
  return (
    <Modal
      open={open}
      role="alertdialog"
      className="modal--error"
      title={title ?? t('messages.internalError')}
      onEscape={canDismiss ? onClose : undefined}
      actions={
        <>
          {canRetry ? <Button onClick={retry}>{t('errorModal.retry')}</Button> : null}
          {canDismiss ? (
            <Button variant={canRetry ? 'secondary' : 'primary'} onClick={onClose}>
              {t('errorModal.close')}
            </Button>
          ) : null}
        </>
      }
    >
      {details ? <p>{details}</p> : null}
    </Modal>
  );
}
