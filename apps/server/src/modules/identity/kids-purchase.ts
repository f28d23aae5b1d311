import { forbidden } from '../../platform/errors';
import type { CredentialChecks } from './credential-checks';
import type { IdentityRepository } from './identity.repository';
import type { ProfileResolver } from './profiles.service';

/** The refusal of a purchase from a kids profile without the account password (issue 30). */
export const KIDS_PURCHASE_PASSWORD = 'Para comprar desde un perfil infantil hace falta la contraseña de la cuenta.';

/** What commerce asks before a purchase starts: a kids profile buys only with the account password. */
export interface PurchaseGuard {
  /**
   * Resolves the request's profile (header token, else the sign-in's last choice); an adult
   * profile passes. A kids one needs `password`: absent is 403 (data.profile
   * 'password_required'), wrong 400 (data.wrong 'password', 5 per 15 minutes as the settings).
   */
  check(
    userId: number,
    profileHeader: string | undefined,
    signIn: string | undefined,
    password?: string,
  ): Promise<void>;
}

export class KidsPurchaseGuard implements PurchaseGuard {
  constructor(
    private readonly profiles: ProfileResolver,
    private readonly users: IdentityRepository,
    private readonly checks: CredentialChecks,
  ) {}

  async check(userId: number, header: string | undefined, signIn: string | undefined, password?: string) {
    const profile = await this.profiles.resolve(userId, header, signIn);
    if (profile.kind === 'adult') return;
    if (password === undefined || password.length === 0)
      throw forbidden(KIDS_PURCHASE_PASSWORD, { profile: 'password_required' });
    const user = await this.users.findUserById(userId);
    if (!user) throw forbidden(KIDS_PURCHASE_PASSWORD, { profile: 'password_required' });
    await this.checks.password(user, password);
  }
}
