import { ApiError } from '../../../lib/api-client';

/** Which table entry a failed settings call shows. */
export type SettingsFailure =
  | { kind: 'message'; key: 'messages.50' | 'messages.52' | 'messages.genericAlert' | 'messages.tooManyAttempts' }
  /** The server's own sentence (a validation rule, a lock with its wait). */
  | { kind: 'server'; text: string }
  /** No live session to check the credential against: message 51, then sign out (spec). */
  | { kind: 'signedOut' };

function wrongField(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && 'wrong' in data && typeof data.wrong === 'string'
    ? data.wrong
    : undefined;
}

/**
 * A failed PIN or password call, as the spec words it: the old PIN wrong is message 50, the
 * password wrong 52, no session 51; a failure to send is 'ERROR!'.
 */
export function settingsFailure(error: unknown): SettingsFailure {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500)
    return { kind: 'message', key: 'messages.genericAlert' };
  if (error.status === 401) return { kind: 'signedOut' };
  const wrong = wrongField(error.data);
  if (wrong === 'currentPin') return { kind: 'message', key: 'messages.50' };
  if (wrong === 'password') return { kind: 'message', key: 'messages.52' };
  if (error.status === 429)
    return error.message
      ? { kind: 'server', text: error.message }
      : { kind: 'message', key: 'messages.tooManyAttempts' };
  if (error.status === 400 || error.status === 409) return { kind: 'server', text: error.message };
  return { kind: 'message', key: 'messages.genericAlert' };
}
