import { OPERATOR_ROLES, REAUTH_WINDOW_MS, type OperatorMe, type OperatorRole } from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Platform } from '../../platform/module';
import type { CredentialChecks } from './credential-checks';
import type { IdentityRepository } from './identity.repository';
import type { OperatorsRepository } from './operators.repository';
import { unauthorized } from '../../platform/errors';

const isRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value);

/** The re-authentication of one sign-in: a password typed on one device does not unlock another. */
export const reauthKey = (userId: number, signIn: string | undefined) => `${userId}:${signIn ?? ''}`;

/**
 * Who is an operator and in which roles. ADMIN_EMAILS accounts are admins whatever the
 * table says (that is how the first admin exists); every other role is a row an admin granted.
 */
export class OperatorDirectory {
  constructor(
    private readonly platform: Platform,
    private readonly users: IdentityRepository,
    private readonly repository: OperatorsRepository,
    private readonly checks: CredentialChecks,
  ) {}

  async rolesOf(userId: number, email: string): Promise<OperatorRole[]> {
    const roles = new Set((await this.repository.rolesOf(userId)).filter(isRole));
    if (this.platform.config.adminEmails.includes(email.toLowerCase())) roles.add('admin');
    return OPERATOR_ROLES.filter((r) => roles.has(r));
  }

  async reauthUntil(userId: number, signIn: string | undefined): Promise<number | null> {
    const until = await this.repository.reauthUntil(reauthKey(userId, signIn));
    return until !== null && until > this.platform.clock.now() ? until : null;
  }

  /** Checks the operator's password (counted like the settings' checks) and opens the 5-minute window. */
  async reauthenticate(userId: number, signIn: string | undefined, password: string): Promise<number> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized();
    await this.checks.password(user, password);
    const until = this.platform.clock.now() + REAUTH_WINDOW_MS;
    await this.repository.setReauth(reauthKey(userId, signIn), userId, until);
    return until;
  }

  async me(actor: Actor, signIn: string | undefined): Promise<OperatorMe | undefined> {
    const user = await this.users.findUserById(actor.userId);
    if (!user) return undefined;
    const roles = await this.rolesOf(user.id, user.email);
    if (roles.length === 0) return undefined;
    return { userId: user.id, email: user.email, name: [user.name, user.surname].filter(Boolean).join(' '), roles, reauthUntil: await this.reauthUntil(user.id, signIn) };
  }

  /** Gives ADMIN_EMAILS accounts their admin row at start, so the console lists them like any admin. */
  async seedAdmins(): Promise<void> {
    for (const email of this.platform.config.adminEmails) {
      const user = await this.users.findUserByEmail(email);
      if (user) await this.repository.grant({ userId: user.id, role: 'admin', grantedBy: null, grantedAt: this.platform.clock.now() }, null);
    }
  }
}
