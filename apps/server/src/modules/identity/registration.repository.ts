import type { Insertable } from 'kysely';
import type { Db } from '../../platform/database';
import { writeSearchKeys } from './subscriber-search.repository';
import type { EmailConfirmationTable, IdentityTables, NewUser, ProfileTable, UserRow } from './tables';

/** SQL of registration: a new account in one transaction, its removal, and confirmation links. */
export class RegistrationRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  /**
   * The user, the default profile and the first confirmation link, all or nothing. Null
   * when the email is taken: the unique index decides, so simultaneous sign-ups with one
   * address make exactly one account on both databases.
   */
  async createAccount(
    user: NewUser,
    profile: Omit<Insertable<ProfileTable>, 'userId'>,
    confirmation: Omit<EmailConfirmationTable, 'userId'>,
  ): Promise<UserRow | null> {
    return this.k.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('users')
        .values({ ...user, email: user.email.trim().toLowerCase() })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!created) return null;
      await writeSearchKeys(trx, created);
      await trx
        .insertInto('profiles')
        .values({ ...profile, userId: created.id })
        .execute();
      await trx
        .insertInto('emailConfirmations')
        .values({ ...confirmation, userId: created.id })
        .execute();
      return created;
    });
  }

  /** Removes an account that could not be completed; its profiles, links and grants go with it (cascade). */
  async deleteAccount(userId: number): Promise<void> {
    await this.k.deleteFrom('users').where('id', '=', userId).execute();
  }

  async insertConfirmation(row: EmailConfirmationTable): Promise<void> {
    await this.k.insertInto('emailConfirmations').values(row).execute();
  }

  /**
   * Uses a live link once and confirms its account; the account's other links die with it.
   * Null when the link is unknown, used or expired.
   */
  async confirm(tokenHash: string, now: number): Promise<{ userId: number } | null> {
    return this.k.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('emailConfirmations')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning('userId')
        .executeTakeFirst();
      if (!used) return null;
      await trx
        .updateTable('users')
        .set({ emailConfirmedAt: now })
        .where('id', '=', used.userId)
        .where('emailConfirmedAt', 'is', null)
        .execute();
      await trx
        .updateTable('emailConfirmations')
        .set({ usedAt: now })
        .where('userId', '=', used.userId)
        .where('usedAt', 'is', null)
        .execute();
      return { userId: used.userId };
    });
  }
}
