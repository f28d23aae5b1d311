import type { Updateable } from 'kysely';
import type { Db } from '../../platform/database';
import type { IdentityTables, UserTable } from './tables';

/**
 * Identity's data for other modules' suites (test/builders.ts): accounts made like an
 * existing one, locked, moved to a country, signed out by version, login throttles
 * forgotten, parental grants forgotten, operator roles. Only tests import it; a schema change is fixed here once.
 */
export function identityBuilders(db: Db, now: () => number) {
  const sql = () => db.kysely<IdentityTables>();
  return {
    /** A new account with `email`, otherwise like `likeEmail`'s (password, PIN, country); answers its id. */
    async newUserLike(likeEmail: string, email: string): Promise<number> {
      const { id: _id, ...row } = await sql()
        .selectFrom('users')
        .selectAll()
        .where('email', '=', likeEmail)
        .executeTakeFirstOrThrow();
      const { id } = await sql()
        .insertInto('users')
        .values({ ...row, email })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    /** Sets account fields the suites' cases turn on (country, lock, token version). */
    async updateUser(
      userId: number,
      values: Pick<Updateable<UserTable>, 'country' | 'lockedAt' | 'tokenVersion'>,
    ): Promise<void> {
      await sql().updateTable('users').set(values).where('id', '=', userId).execute();
    },
    async userIdOf(email: string): Promise<number> {
      return (await sql().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    },
    /** Forgets the login and registration throttles (all, or the keys starting with `keyPrefix`). */
    async forgetLoginAttempts(keyPrefix?: string): Promise<void> {
      const query = sql().deleteFrom('loginAttempts');
      await (keyPrefix === undefined ? query : query.where('key', 'like', `${keyPrefix}%`)).execute();
    },
    /** Every fresh parental PIN grant gone: rating-7 content asks the PIN again. */
    async forgetParentalGrants(): Promise<void> {
      await sql().deleteFrom('parentalGrants').execute();
    },
    async grantRole(userId: number, role: 'admin' | 'support' | 'content'): Promise<void> {
      await sql().insertInto('operatorRoles').values({ userId, role, grantedBy: null, grantedAt: now() }).execute();
    },
    async revokeRoles(userId: number): Promise<void> {
      await sql().deleteFrom('operatorRoles').where('userId', '=', userId).execute();
    },
  };
}
