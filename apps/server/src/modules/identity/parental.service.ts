import { badRequest, conflict, unauthorized } from '../../platform/errors';
import type { Deps } from '../../platform/module';
import { AttemptLimiter, describeWait, rateLimited, type Limit } from './attempt-limit';
import { AttemptsRepository } from './attempts.repository';
import { IdentityRepository } from './identity.repository';
import { ParentalRepository } from './parental.repository';
import { verifySecret } from './password';

/** A correct PIN opens restricted content for 15 minutes. */
export const PARENTAL_GRANT_TTL_SECONDS = 900;
export const PIN_LIMIT: Limit = { max: 5, windowMs: 15 * 60 * 1000 };

export const PIN_INCORRECT = 'El PIN parental que has introducido es incorrecto. Por favor, inténtalo de nuevo';
export const PIN_NOT_SET = 'No tienes un PIN parental configurado.';

/** Checks the parental PIN on the server and remembers, briefly, that it was typed. */
export class ParentalService {
  private readonly users: IdentityRepository;
  private readonly grants: ParentalRepository;
  private readonly limiter: AttemptLimiter;

  constructor(private readonly deps: Deps) {
    this.users = new IdentityRepository(deps.db);
    this.grants = new ParentalRepository(deps.db);
    this.limiter = new AttemptLimiter(new AttemptsRepository(deps.db), deps.clock);
  }

  /** Verifies the PIN; on success records a grant and answers its end (epoch seconds). */
  async verifyPin(userId: number, pin: string): Promise<{ grantedUntil: number }> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized();
    if (user.pinHash === null) throw conflict(PIN_NOT_SET);
    const key = `pin:${userId}`;
    const attempt = await this.limiter.begin([{ key, limit: PIN_LIMIT }]);
    if (attempt.wait > 0) {
      await attempt.forget();
      throw rateLimited(`Demasiados intentos con el PIN parental. Vuelve a intentarlo dentro de ${describeWait(attempt.wait)}.`, attempt.wait);
    }
    if (!(await verifySecret(pin, user.pinHash))) throw badRequest(PIN_INCORRECT);
    await this.limiter.clear(key);
    const now = this.deps.clock.now();
    const grantedUntil = Math.floor(now / 1000) + PARENTAL_GRANT_TTL_SECONDS;
    await this.grants.grant(userId, grantedUntil * 1000, now);
    return { grantedUntil };
  }

  /** True while the user holds an unexpired grant; the licence server asks before restricted plays. */
  hasFreshParentalGrant(userId: number): Promise<boolean> {
    return this.grants.hasGrantAfter(userId, this.deps.clock.now());
  }
}
