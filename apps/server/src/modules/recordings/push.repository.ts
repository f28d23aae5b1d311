import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { RecordingPushSubscriptionRow, RecordingsTables } from './tables';

/** The SQL of devices' push subscriptions and of reminders to push. */
export class PushRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<RecordingsTables> {
    return this.db.kysely<RecordingsTables>();
  }

  /** Saves a device's subscription; an endpoint seen before moves to this user and profile (a shared device). */
  async save(row: {
    userId: number;
    profileId: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    createdAt: number;
  }) {
    await this.k
      .insertInto('recordingPushSubscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          userId: row.userId,
          profileId: row.profileId,
          p256dh: row.p256dh,
          auth: row.auth,
          createdAt: row.createdAt,
        }),
      )
      .execute();
  }

  async remove(userId: number, endpoint: string): Promise<boolean> {
    const r = await this.k
      .deleteFrom('recordingPushSubscriptions')
      .where('userId', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The push service said the subscription is gone (404/410). */
  async removeById(id: number): Promise<void> {
    await this.k.deleteFrom('recordingPushSubscriptions').where('id', '=', id).execute();
  }

  async removeProfile(userId: number, profileId: number): Promise<void> {
    await this.k
      .deleteFrom('recordingPushSubscriptions')
      .where('userId', '=', userId)
      .where('profileId', '=', profileId)
      .execute();
  }

  /** The devices of these profiles (a reminder is pushed to its own profile's devices only, issue 30). */
  ofProfiles(profileIds: readonly number[]): Promise<RecordingPushSubscriptionRow[]> {
    if (profileIds.length === 0) return Promise.resolve([]);
    return this.k
      .selectFrom('recordingPushSubscriptions')
      .selectAll()
      .where('profileId', 'in', [...new Set(profileIds)])
      .orderBy('id')
      .execute();
  }

  /** Due reminders not pushed yet (callers hold the cluster's lock). */
  toPush(now: number, limit: number) {
    return this.k
      .selectFrom('recordingReminders')
      .select(['id', 'userId', 'profileId', 'channelId', 'title', 'startTime', 'endTime'])
      .where('pushed', '=', 0)
      .where('remindAt', '<=', now)
      .where('endTime', '>', now)
      .orderBy('remindAt')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async markPushed(ids: readonly number[]): Promise<void> {
    if (ids.length > 0)
      await this.k.updateTable('recordingReminders').set({ pushed: 1 }).where('id', 'in', ids).execute();
  }

  /** For the data export: the devices this user let us push to. */
  exportOf(userId: number) {
    return this.k
      .selectFrom('recordingPushSubscriptions')
      .select(['profileId', 'endpoint', 'p256dh', 'auth', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('id')
      .execute();
  }

  async eraseOf(userId: number): Promise<void> {
    await this.k.deleteFrom('recordingPushSubscriptions').where('userId', '=', userId).execute();
  }
}
