import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/database';
import { lockKey, lockedTransaction } from '../../platform/dialect';
import type { IdentityTables, ProfileRow, ProfileTable } from './tables';

/** SQL for the profiles of an account (issue 30). */
export class ProfilesRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  /** The account's profiles, the first (the default) first. */
  list(userId: number): Promise<ProfileRow[]> {
    return this.k.selectFrom('profiles').selectAll().where('userId', '=', userId).orderBy('id').execute();
  }

  /**
   * Adds a profile unless the account already has `max`; null when it has. Locked per account
   * (the same key as the default profile's creation) so two creations at once cannot pass the cap.
   */
  async createWithin(profile: Insertable<ProfileTable>, max: number): Promise<ProfileRow | null> {
    const key = lockKey('identity.default-profile', profile.userId);
    return lockedTransaction(this.k, this.db.dialect, key, async (trx) => {
      const row = await trx
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', profile.userId)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= max) return null;
      return trx.insertInto('profiles').values(profile).returningAll().executeTakeFirstOrThrow();
    });
  }

  async update(userId: number, id: number, changes: Updateable<ProfileTable>): Promise<ProfileRow | undefined> {
    if (Object.keys(changes).length > 0)
      await this.k.updateTable('profiles').set(changes).where('userId', '=', userId).where('id', '=', id).execute();
    return this.k
      .selectFrom('profiles')
      .selectAll()
      .where('userId', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.k.deleteFrom('profiles').where('userId', '=', userId).where('id', '=', id).execute();
  }

  /** Remembers the profile a sign-in chose (issue 30). */
  async remember(familyId: string, userId: number, profileId: number, now: number): Promise<void> {
    await this.k
      .insertInto('signInProfiles')
      .values({ familyId, userId, profileId, updatedAt: now })
      .onConflict((oc) => oc.column('familyId').doUpdateSet({ profileId, updatedAt: now }))
      .execute();
  }

  /** The profile a sign-in of this user last chose, if it still exists. */
  async rememberedFor(familyId: string, userId: number): Promise<number | undefined> {
    const row = await this.k
      .selectFrom('signInProfiles')
      .select('profileId')
      .where('familyId', '=', familyId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return row?.profileId;
  }
}
