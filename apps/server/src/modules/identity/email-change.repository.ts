import type { Db } from '../../platform/database';
import { lockKey, lockedTransaction } from '../../platform/dialect';
import type { EmailChangeTable, IdentityTables } from './tables';
import { writeSearchKeys } from './subscriber-search.repository';

/** What following an e-mail change link did. */
export type EmailChangeOutcome =
  | { kind: 'changed'; userId: number; oldEmail: string; newEmail: string }
  | { kind: 'taken'; userId: number }
  | { kind: 'invalid' };

/** SQL for e-mail changes: the pending links and the change itself. */
export class EmailChangeRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  /** Stores a link; the user's older links that can no longer be used go. */
  async insert(change: EmailChangeTable): Promise<void> {
    await this.k
      .deleteFrom('emailChanges')
      .where('userId', '=', change.userId)
      .where('expiresAt', '<=', change.createdAt)
      .execute();
    await this.k.insertInto('emailChanges').values(change).execute();
  }

  /** The user's live request, newest first: the settings show it as pending. */
  pending(userId: number, now: number): Promise<{ newEmail: string; expiresAt: number } | undefined> {
    return this.k
      .selectFrom('emailChanges')
      .select(['newEmail', 'expiresAt'])
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
  }

  /**
   * Uses a live link once and moves its account to the new address, all or nothing; every
   * other pending link of the account dies with it. One lock for every change, so two
   * accounts confirming the same address cannot both pass the check (registration, which
   * does not take it, still meets the unique index).
   */
  async confirm(tokenHash: string, now: number): Promise<EmailChangeOutcome> {
    return lockedTransaction(this.k, this.db.dialect, lockKey('identity.email-change', 0), async (trx) => {
      const link = await trx
        .updateTable('emailChanges')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning(['userId', 'newEmail', 'tokenVersion'])
        .executeTakeFirst();
      if (!link) return { kind: 'invalid' } as const;
      const user = await trx
        .selectFrom('users')
        .select(['email', 'tokenVersion'])
        .where('id', '=', link.userId)
        .executeTakeFirst();
      // The password changed (or the account signed out everywhere) since: the owner took the account back.
      if (!user || user.tokenVersion !== link.tokenVersion) return { kind: 'invalid' } as const;
      const holder = await trx.selectFrom('users').select('id').where('email', '=', link.newEmail).executeTakeFirst();
      if (holder && holder.id !== link.userId) return { kind: 'taken', userId: link.userId } as const;
      const changed = await trx
        .updateTable('users')
        .set({ email: link.newEmail, emailConfirmedAt: now })
        .where('id', '=', link.userId)
        .returning(['id', 'email', 'name', 'surname'])
        .executeTakeFirstOrThrow();
      await writeSearchKeys(trx, changed);
      await trx
        .updateTable('emailChanges')
        .set({ usedAt: now })
        .where('userId', '=', link.userId)
        .where('usedAt', 'is', null)
        .execute();
      return { kind: 'changed', userId: link.userId, oldEmail: user.email, newEmail: link.newEmail } as const;
    });
  }

  byHash(tokenHash: string): Promise<{ userId: number; newEmail: string } | undefined> {
    return this.k
      .selectFrom('emailChanges')
      .select(['userId', 'newEmail'])
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Whether an address belongs to an account other than `userId`'s. */
  async heldByAnother(email: string, userId: number): Promise<boolean> {
    const row = await this.k
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('id', '!=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The account's requests as its data export shows them. */
  list(userId: number): Promise<{ newEmail: string; createdAt: number; expiresAt: number; usedAt: number | null }[]> {
    return this.k
      .selectFrom('emailChanges')
      .select(['newEmail', 'createdAt', 'expiresAt', 'usedAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute();
  }

  /**
   * Erases the account's requests, the mail sent to the addresses they named and the
   * counts kept under its id (account deletion).
   */
  async erase(userId: number, limitKeys: readonly string[]): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      // Mail to an address another account holds (told its address was asked for) is that account's.
      const addresses = (
        await trx
          .selectFrom('emailChanges')
          .select('newEmail')
          .where('userId', '=', userId)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('users')
                  .select('id')
                  .whereRef('users.email', '=', 'emailChanges.newEmail')
                  .where('users.id', '!=', userId),
              ),
            ),
          )
          .execute()
      ).map((r) => r.newEmail);
      if (addresses.length > 0) await trx.deleteFrom('outbox').where('to', 'in', addresses).execute();
      await trx.deleteFrom('emailChanges').where('userId', '=', userId).execute();
      if (limitKeys.length > 0) await trx.deleteFrom('loginAttempts').where('key', 'in', limitKeys).execute();
    });
  }
}
