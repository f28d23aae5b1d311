import type { AppError } from '../../platform/errors';
import { badRequest } from '../../platform/errors';
import { describeWait, rateLimited, type AttemptLimiter, type Limit } from './attempt-limit';
import { verifySecret } from './password';
import type { UserRow } from './tables';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Wrong account passwords typed in the settings, per account. */
export const PASSWORD_CHECK_LIMIT: Limit = { max: 5, windowMs: FIFTEEN_MINUTES };
/** Wrong PINs, per account: the player's gate and the settings count together. */
export const PIN_CHECK_LIMIT: Limit = { max: 5, windowMs: FIFTEEN_MINUTES };

/** Message 50 (accounts spec section 5; text ours, docs/decisions.md): the old PIN is wrong. */
export const CURRENT_PIN_WRONG = 'El PIN actual no es correcto.';
/** Message 52 (accounts spec section 5; text ours): the account password is wrong. */
export const ACCOUNT_PASSWORD_WRONG = 'La contraseña de la cuenta no es correcta.';

export const pinKey = (userId: number) => `pin:${userId}`;
export const passwordKey = (userId: number) => `password:${userId}`;

/**
 * The PIN and the account password as the settings check them: each guess counted before it
 * is tried (so a burst of parallel guesses cannot pass), a right one clearing the count.
 */
export class CredentialChecks {
  constructor(private readonly limiter: AttemptLimiter) {}

  /** Throws 400 (data.wrong 'currentPin') or 429 unless `pin` is the user's PIN. */
  currentPin(user: UserRow, pin: string | null): Promise<void> {
    const wrong = badRequest(CURRENT_PIN_WRONG, { wrong: 'currentPin' });
    return this.limited(
      pinKey(user.id),
      PIN_CHECK_LIMIT,
      'Demasiados intentos con el PIN parental.',
      wrong,
      async () => pin !== null && user.pinHash !== null && verifySecret(pin, user.pinHash),
    );
  }

  /** Throws 400 (data.wrong 'password') or 429 unless `password` is the account's password. */
  password(user: UserRow, password: string | null): Promise<void> {
    const wrong = badRequest(ACCOUNT_PASSWORD_WRONG, { wrong: 'password' });
    return this.limited(
      passwordKey(user.id),
      PASSWORD_CHECK_LIMIT,
      'Demasiados intentos con la contraseña.',
      wrong,
      async () => password !== null && password.length > 0 && verifySecret(password, user.passwordHash),
    );
  }

  private async limited(
    key: string,
    limit: Limit,
    lockedText: string,
    wrong: AppError,
    matches: () => Promise<boolean>,
  ): Promise<void> {
    const attempt = await this.limiter.begin([{ key, limit }]);
    if (attempt.wait > 0) {
      // Refused attempts do not count, so the lock ends on time however often one knocks.
      await attempt.forget();
      throw rateLimited(`${lockedText} Vuelve a intentarlo dentro de ${describeWait(attempt.wait)}.`, attempt.wait);
    }
    if (!(await matches())) throw wrong;
    await this.limiter.clear(key);
  }
}
