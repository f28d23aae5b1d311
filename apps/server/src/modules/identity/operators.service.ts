import {
  OPERATOR_ROLES,
  REAUTH_WINDOW_MS,
  type OperatorEntry,
  type OperatorMe,
  type OperatorPage,
  type OperatorRole,
} from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Platform } from '../../platform/module';
import type { CredentialChecks } from './credential-checks';
import type { IdentityRepository } from './identity.repository';
import type { OperatorsRepository } from './operators.repository';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors';

/** Refusals of the roles screen (Spanish first; the app shows them as they come). */
export const ROLE_MESSAGES = {
  noAccount: 'No hay ninguna cuenta con ese correo electrónico.',
  held: 'Esa cuenta ya tiene ese rol.',
  notHeld: 'Esa cuenta no tiene ese rol.',
  configAdmin: 'Esta cuenta es administradora por configuración (ADMIN_EMAILS): quítala de ahí y reinicia el servidor.',
  lastAdmin: 'No se puede quitar el último administrador.',
  badCursor: 'La posición de la página no es válida.',
} as const;

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
    return {
      userId: user.id,
      email: user.email,
      name: [user.name, user.surname].filter(Boolean).join(' '),
      roles,
      reauthUntil: await this.reauthUntil(user.id, signIn),
    };
  }

  private isConfigAdmin(email: string): boolean {
    return this.platform.config.adminEmails.includes(email.toLowerCase());
  }

  /** A page of operators by e-mail; the cursor is the last e-mail of the previous page. */
  async list(cursor: string | undefined, limit: number): Promise<OperatorPage> {
    if (cursor !== undefined && !cursor.includes('@')) throw badRequest(ROLE_MESSAGES.badCursor);
    const rows = await this.repository.list(cursor ?? null, limit + 1);
    const page = rows.slice(0, limit);
    const items: OperatorEntry[] = page.map((r) => {
      const configAdmin = this.isConfigAdmin(r.email);
      const roles = new Set(r.roles.filter(isRole));
      if (configAdmin) roles.add('admin');
      return {
        userId: r.userId,
        email: r.email,
        name: r.name,
        roles: OPERATOR_ROLES.filter((x) => roles.has(x)),
        configAdmin,
      };
    });
    return { items, nextCursor: rows.length > limit ? (page.at(-1)?.email ?? null) : null };
  }

  /** Grants `role` to the account with `email` (404 without one, 409 when held); audited. */
  async grant(actor: Actor, email: string, role: OperatorRole): Promise<void> {
    const user = await this.users.findUserByEmail(email);
    if (!user) throw notFound(ROLE_MESSAGES.noAccount);
    const granted = await this.repository.grant(
      { userId: user.id, role, grantedBy: actor.userId, grantedAt: this.platform.clock.now() },
      actor,
    );
    if (!granted) throw conflict(ROLE_MESSAGES.held);
  }

  /** Revokes a role; never an ADMIN_EMAILS account's admin (configuration) nor the last admin. Audited. */
  async revoke(actor: Actor, userId: number, role: OperatorRole): Promise<void> {
    const user = await this.users.findUserById(userId);
    if (!user) throw notFound(ROLE_MESSAGES.notHeld);
    if (role === 'admin' && this.isConfigAdmin(user.email)) throw conflict(ROLE_MESSAGES.configAdmin);
    const configAdminIds: number[] = [];
    for (const email of this.platform.config.adminEmails) {
      const admin = await this.users.findUserByEmail(email);
      if (admin) configAdminIds.push(admin.id);
    }
    const outcome = await this.repository.revoke(userId, role, actor, this.platform.clock.now(), configAdminIds);
    if (outcome === 'not_held') throw notFound(ROLE_MESSAGES.notHeld);
    if (outcome === 'last_admin') throw conflict(ROLE_MESSAGES.lastAdmin);
  }

  /** Grants a role without an operator (the demo seed); true when it was new. */
  seedRole(userId: number, role: OperatorRole): Promise<boolean> {
    return this.repository.grant({ userId, role, grantedBy: null, grantedAt: this.platform.clock.now() }, null);
  }

  /** Gives ADMIN_EMAILS accounts their admin row at start, so the console lists them like any admin. */
  async seedAdmins(): Promise<void> {
    for (const email of this.platform.config.adminEmails) {
      const user = await this.users.findUserByEmail(email);
      if (user)
        await this.repository.grant(
          { userId: user.id, role: 'admin', grantedBy: null, grantedAt: this.platform.clock.now() },
          null,
        );
    }
  }
}
