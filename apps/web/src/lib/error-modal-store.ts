import { useSyncExternalStore } from 'react';

/** What the global error modal shows; texts are already translated by the caller. */
export interface ErrorModalState {
  open: boolean;
  /** Default: the internal-error text. */
  title?: string;
  details?: string;
  /** Escape and the close button dismiss it only when true. */
  canDismiss: boolean;
  /** Offers a retry that reloads the page. */
  canRetry: boolean;
}

const closed: ErrorModalState = { open: false, canDismiss: true, canRetry: false };
let state: ErrorModalState = closed;
const listeners = new Set<() => void>();

function emit(next: ErrorModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the global error modal. A recoverable error can be dismissed; a fatal one only retried. */
export function showError(error: { title?: string; details?: string; canDismiss?: boolean; canRetry?: boolean }): void {
  emit({
    open: true,
    title: error.title,
    details: error.details,
    canDismiss: error.canDismiss ?? true,
    canRetry: error.canRetry ?? false,
  });
}

/** The spec's non-recoverable popup: no dismiss, retry reloads. */
export function showFatalError(details: string, title?: string): void {
  showError({ title, details, canDismiss: false, canRetry: true });
}

export function closeError(): void {
  emit(closed);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getErrorModalState(): ErrorModalState {
  return state;
}

export function useErrorModalState(): ErrorModalState {
  return useSyncExternalStore(subscribe, getErrorModalState, getErrorModalState);
}
