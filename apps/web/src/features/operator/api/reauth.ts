import { reauthResponseSchema } from '@pantalla/contracts';
import { api, ApiError } from '../../../lib/api-client';

type Asker = () => Promise<boolean>;
let asker: Asker | null = null;

/** The console's layout registers the password dialog here; it resolves true once the password was accepted. */
export function setReauthAsker(next: Asker | null): void {
  asker = next;
}

/** POST /operator/reauth: the operator's password, typed again. */
export function reauthenticate(password: string) {
  return api.post('/operator/reauth', { password }, { schema: reauthResponseSchema });
}

/**
 * Runs a sensitive action (grant a role, refund, delete an account, change a price): when
 * the server answers reauth_required, asks for the password and runs it once more.
 * A cancelled dialog rethrows the server's refusal.
 */
export async function withReauth<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'reauth_required' || !asker) throw error;
    if (!(await asker())) throw error;
    return action();
  }
}
