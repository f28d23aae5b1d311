import { badRequest, conflict, unauthorized } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import { describeWait, rateLimited, type AttemptLimiter, type Limit } from './attempt-limit';
import type { IdentityRepository } from './identity.repository';
import type { ParentalRepository } from './parental.repository';
import { verifySecret } from './password';

/** A correct PIN opens restricted content for 15 minutes. */
export const PARENTAL_GRANT_TTL_SECONDS = 900;
export const PIN_LIMIT: Limit = { max: 5, windowMs: 15 * 60 * 1000 };

export const PIN_INCORRECT = 'El PIN parental que has introducido es incorrecto. Por favor, inténtalo de nuevo';
export const PIN_NOT_SET = 'No tienes un PIN parental configurado.';

/** What other modules may ask of the parental PIN: whether it was typed lately. */
export interface ParentalGrants {
  /** True while the user holds an unexpired grant; the licence server asks before restricted plays. */
  hasFreshParentalGrant(userId: number): Promise<boolean>;
}

/** Checks the parental PIN on the server and remembers, briefly, that it was typed. */
export class ParentalService implements ParentalGrants {
  constructor(
    private readonly deps: Pick<Platform, 'clock'>,
    private readonly users: IdentityRepository,
    private readonly grants: ParentalRepository,
    private readonly limiter: AttemptLimiter,
  ) {}

  /** Verifies the PIN; on success records a grant and answers its end (epoch seconds). */
  async verifyPin(userId: number, pin: string): Promise<{ grantedUntil: number }> {
    await this.checkPin(userId, pin);
    const now = this.deps.clock.now();
    const grantedUntil = Math.floor(now / 1000) + PARENTAL_GRANT_TTL_SECONDS;
    await this.grants.grant(userId, grantedUntil * 1000, now);
    return { grantedUntil };
  }

  /** Checks the PIN under the same attempt limit as every PIN check, granting nothing (a profile switch uses it). */
  async checkPin(userId: number, pin: string): Promise<void> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized();
    if (user.pinHash === null) throw conflict(PIN_NOT_SET);
    const key = `pin:${userId}`;
    const attempt = await this.limiter.begin([{ key, limit: PIN_LIMIT }]);
    if (attempt.wait > 0) {
      await attempt.forget();
      throw rateLimited(
        `Demasiados intentos con el PIN parental. Vuelve a intentarlo dentro de ${describeWait(attempt.wait)}.`,
        attempt.wait,
      );
    }
    if (!(await verifySecret(pin, user.pinHash))) throw badRequest(PIN_INCORRECT);
    await this.limiter.clear(key);
  }

  /** True while the user holds an unexpired grant; the licence server asks before restricted plays. */
  hasFreshParentalGrant(userId: number): Promise<boolean> {
    return this.grants.hasGrantAfter(userId, this.deps.clock.now());
  }
}
