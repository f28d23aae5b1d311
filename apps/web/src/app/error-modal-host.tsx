import { closeError, useErrorModalState } from '../lib/error-modal-store';
import { ErrorModal } from '../ui/error-modal';

/** Renders the one global error modal that showError() opens from anywhere. */
export function ErrorModalHost() {
  const state = useErrorModalState();
  return <ErrorModal {...state} onClose={closeError} />;
}
