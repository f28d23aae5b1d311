import type { Db } from '../../platform/database';
import { recordAudit, type Actor } from '../../platform/audit.repository';
import { lockKey, lockedTransaction } from '../../platform/dialect';
import type { IdentityTables, OperatorRoleTable } from './tables';

/** An account that holds at least one operator role, with its roles (from the table only). */
export interface OperatorRow {
  userId: number;
  email: string;
  name: string;
  roles: string[];
}

/** How a revocation ended: done, nothing to take, or refused because it was the last admin. */
export type RevokeOutcome = 'revoked' | 'not_held' | 'last_admin';

/** Grants and revocations take turns, so two admins revoking each other cannot leave none. */
const ROLES_LOCK = lockKey('identity.operator-roles', 0);

/** SQL for operator roles and re-authentication. */
export class OperatorsRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  async rolesOf(userId: number): Promise<string[]> {
    const rows = await this.k
      .selectFrom('operatorRoles')
      .select('role')
      .where('userId', '=', userId)
      .orderBy('role')
      .execute();
    return rows.map((r) => r.role);
  }

  /**
   * A page of operators ordered by e-mail, after `afterEmail`. Driven by operator_roles (a few
   * rows), never by a scan of the accounts.
   */
  async list(afterEmail: string | null, limit: number): Promise<OperatorRow[]> {
    let query = this.k
      .selectFrom('operatorRoles')
      .innerJoin('users', 'users.id', 'operatorRoles.userId')
      .select(['users.id', 'users.email', 'users.name', 'users.surname'])
      .distinct()
      .orderBy('users.email')
      .limit(limit);
    if (afterEmail !== null) query = query.where('users.email', '>', afterEmail);
    const users = await query.execute();
    if (users.length === 0) return [];
    const roles = await this.k
      .selectFrom('operatorRoles')
      .select(['userId', 'role'])
      .where(
        'userId',
        'in',
        users.map((u) => u.id),
      )
      .orderBy('role')
      .execute();
    return users.map((u) => ({
      userId: u.id,
      email: u.email,
      name: [u.name, u.surname].filter(Boolean).join(' '),
      roles: roles.filter((r) => r.userId === u.id).map((r) => r.role),
    }));
  }

  /**
   * Grants a role (false when already held), with its audit row (the roles before and after)
   * in the same transaction; `actor` null for the start's seeding, which is not an operator's act.
   */
  async grant(row: OperatorRoleTable, actor: Actor | null): Promise<boolean> {
    return lockedTransaction(this.k, this.db.dialect, ROLES_LOCK, async (trx) => {
      const held = (
        await trx.selectFrom('operatorRoles').select('role').where('userId', '=', row.userId).orderBy('role').execute()
      ).map((r) => r.role);
      if (held.includes(row.role)) return false;
      await trx.insertInto('operatorRoles').values(row).execute();
      if (actor) {
        const after = [...held, row.role].sort();
        await recordAudit(trx, actor, row.grantedAt, {
          action: 'role.grant',
          subjectType: 'account',
          subjectId: row.userId,
          before: { roles: held },
          after: { roles: after },
        });
      }
      return true;
    });
  }

  /**
   * Revokes a role, with its audit row in the same transaction. The last admin stays: an admin
   * row goes only while another admin remains (a row, or one of `configAdminIds`).
   */
  async revoke(
    userId: number,
    role: string,
    actor: Actor,
    at: number,
    configAdminIds: readonly number[],
  ): Promise<RevokeOutcome> {
    return lockedTransaction(this.k, this.db.dialect, ROLES_LOCK, async (trx) => {
      const held = (
        await trx.selectFrom('operatorRoles').select('role').where('userId', '=', userId).orderBy('role').execute()
      ).map((r) => r.role);
      if (!held.includes(role)) return 'not_held';
      if (role === 'admin' && !configAdminIds.some((id) => id !== userId)) {
        const others = await trx
          .selectFrom('operatorRoles')
          .select('userId')
          .where('role', '=', 'admin')
          .where('userId', '!=', userId)
          .limit(1)
          .executeTakeFirst();
        if (!others) return 'last_admin';
      }
      await trx.deleteFrom('operatorRoles').where('userId', '=', userId).where('role', '=', role).execute();
      await recordAudit(trx, actor, at, {
        action: 'role.revoke',
        subjectType: 'account',
        subjectId: userId,
        before: { roles: held },
        after: { roles: held.filter((r) => r !== role) },
      });
      return 'revoked';
    });
  }

  async setReauth(key: string, userId: number, until: number): Promise<void> {
    await this.k
      .insertInto('operatorReauth')
      .values({ key, userId, until })
      .onConflict((oc) => oc.column('key').doUpdateSet({ until }))
      .execute();
  }

  async reauthUntil(key: string): Promise<number | null> {
    const row = await this.k.selectFrom('operatorReauth').select('until').where('key', '=', key).executeTakeFirst();
    return row ? Number(row.until) : null;
  }
}
