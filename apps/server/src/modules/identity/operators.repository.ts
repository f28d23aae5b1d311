import type { Db } from '../../platform/database';
import { recordAudit, type Actor } from '../../platform/audit.repository';
import type { IdentityTables, OperatorRoleTable } from './tables';

/** An account that holds at least one operator role. */
export interface OperatorRow {
  userId: number;
  email: string;
  name: string;
  role: string;
  grantedAt: number;
}

/** SQL for operator roles and re-authentication. */
export class OperatorsRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  async rolesOf(userId: number): Promise<string[]> {
    const rows = await this.k.selectFrom('operatorRoles').select('role').where('userId', '=', userId).orderBy('role').execute();
    return rows.map((r) => r.role);
  }

  /** Every role held, with its account, ordered by e-mail (the console's list of operators is short). */
  list(limit: number): Promise<OperatorRow[]> {
    return this.k
      .selectFrom('operatorRoles')
      .innerJoin('users', 'users.id', 'operatorRoles.userId')
      .select(['operatorRoles.userId', 'users.email', 'users.name', 'operatorRoles.role', 'operatorRoles.grantedAt'])
      .orderBy('users.email')
      .orderBy('operatorRoles.role')
      .limit(limit)
      .execute();
  }

  /** Grants a role (no-op when held), with its audit row in the same transaction; `actor` null for the start's seeding. */
  async grant(row: OperatorRoleTable, actor: Actor | null): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const held = await trx.selectFrom('operatorRoles').select('role').where('userId', '=', row.userId).where('role', '=', row.role).executeTakeFirst();
      if (held) return false;
      await trx.insertInto('operatorRoles').values(row).execute();
      if (actor) await recordAudit(trx, actor, row.grantedAt, { action: 'role.grant', subjectType: 'account', subjectId: row.userId, before: null, after: { role: row.role } });
      return true;
    });
  }

  /** Revokes a role (no-op when not held), with its audit row in the same transaction. */
  async revoke(userId: number, role: string, actor: Actor, at: number): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('operatorRoles').where('userId', '=', userId).where('role', '=', role).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return false;
      await recordAudit(trx, actor, at, { action: 'role.revoke', subjectType: 'account', subjectId: userId, before: { role }, after: null });
      return true;
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
