import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import { lockKey, lockedTransaction } from '../../platform/dialect';
import { writeSearchKeys } from './subscriber-search.repository';
import type { NewUser, ProfileRow, ProfileTable, UserRow, IdentityTables } from './tables';

/** SQL for users and profiles. */
export class IdentityRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.k.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  findUserById(id: number): Promise<UserRow | undefined> {
    return this.k.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async createUser(user: NewUser): Promise<UserRow> {
    return this.k.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('users')
        .values({ ...user, email: user.email.trim().toLowerCase() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeSearchKeys(trx, created);
      return created;
    });
  }

  /** Records the account's language; writes only when it differs (a sign-in or refresh repeats it). */
  async setLanguage(userId: number, language: string): Promise<void> {
    await this.k
      .updateTable('users')
      .set({ language })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('language', 'is', null), eb('language', '!=', language)]))
      .execute();
  }

  /** Sets (a scrypt hash) or clears (null) the parental PIN. */
  async setPinHash(userId: number, pinHash: string | null): Promise<void> {
    await this.k.updateTable('users').set({ pinHash }).where('id', '=', userId).execute();
  }

  async createProfile(profile: Insertable<ProfileTable>): Promise<ProfileRow> {
    return this.k.insertInto('profiles').values(profile).returningAll().executeTakeFirstOrThrow();
  }

  listProfiles(userId: number): Promise<ProfileRow[]> {
    return this.k.selectFrom('profiles').selectAll().where('userId', '=', userId).orderBy('id').execute();
  }

  async profileIds(userId: number): Promise<number[]> {
    const rows = await this.k.selectFrom('profiles').select('id').where('userId', '=', userId).orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  async countProfiles(userId: number): Promise<number> {
    const row = await this.k
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The user's profiles, creating `fallback` first when there are none. Locked per
   * user so two first requests at once cannot both create a default; an account that has
   * profiles (every request after its first) is answered by a read alone. On SQLite the lock
   * is the database's write lock: taken by every request, each one waited (holding the
   * server's thread) behind an import's transactions, and failed after the busy timeout
   * (issue 31, item 9).
   */
  async listProfilesCreatingDefault(
    userId: number,
    fallback: Omit<Insertable<ProfileTable>, 'userId'>,
  ): Promise<ProfileRow[]> {
    const held = await this.profilesOf(this.k, userId);
    if (held.length > 0) return held;
    return lockedTransaction(this.k, this.db.dialect, lockKey('identity.default-profile', userId), async (trx) => {
      const existing = await this.profilesOf(trx, userId);
      if (existing.length > 0) return existing;
      const created = await trx
        .insertInto('profiles')
        .values({ ...fallback, userId })
        .returningAll()
        .executeTakeFirstOrThrow();
      return [created];
    });
  }

  private profilesOf(db: Kysely<IdentityTables>, userId: number): Promise<ProfileRow[]> {
    return db.selectFrom('profiles').selectAll().where('userId', '=', userId).orderBy('id').execute();
  }
}
