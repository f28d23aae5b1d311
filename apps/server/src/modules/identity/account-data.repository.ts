import type { Db } from '../../platform/database';
import type { IdentityTables, ProfileRow, RefreshTokenRow } from './tables';

/** The address an erased account keeps: unique, never deliverable, naming nobody. */
export const erasedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

/** SQL for the user's own data: what the export reads and the deletion erases of identity's tables. */
export class AccountDataRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  profiles(userId: number): Promise<ProfileRow[]> {
    return this.k.selectFrom('profiles').selectAll().where('userId', '=', userId).orderBy('id').execute();
  }

  refreshTokens(userId: number): Promise<RefreshTokenRow[]> {
    return this.k.selectFrom('refreshTokens').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();
  }

  /**
   * Erases the account in one transaction: its sign-ins, links, grants, profiles, operator roles, the mail
   * addressed to it and the attempts counted under its address or id; the users row stays (purchases
   * kept for accounting point at it) with every personal field blanked and the token version bumped.
   */
  async erase(userId: number, email: string, now: number): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      for (const table of [
        'refreshTokens',
        'passwordResets',
        'emailConfirmations',
        'signInLinks',
        'parentalGrants',
        'profiles',
        'accountSearchKeys',
        'operatorRoles',
        'operatorReauth',
      ] as const) {
        await trx.deleteFrom(table).where('userId', '=', userId).execute();
      }
      await trx.deleteFrom('outbox').where('to', '=', email).execute();
      // Sign-in counts are keyed 'login-account:<email>|<device or *>': every one of the address goes.
      const prefix = `login-account:${email}|`;
      const keys = [`recovery-account:${email}`, `pin:${userId}`, `password:${userId}`];
      await trx
        .deleteFrom('loginAttempts')
        .where((eb) =>
          eb.or([
            eb('key', 'in', keys),
            eb(eb.fn<string>('substr', ['key', eb.val(1), eb.val(prefix.length)]), '=', prefix),
          ]),
        )
        .execute();
      await trx
        .updateTable('users')
        .set((eb) => ({
          email: erasedEmail(userId),
          passwordHash: `erased$${now}`,
          name: '',
          surname: '',
          channelOrder: '[]',
          pinHash: null,
          country: null,
          favouriteSport: null,
          birthday: null,
          language: null,
          emailConfirmedAt: null,
          tokenVersion: eb('tokenVersion', '+', 1),
        }))
        .where('id', '=', userId)
        .execute();
    });
  }
}
