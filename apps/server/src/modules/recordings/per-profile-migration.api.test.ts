import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../../test/databases';
import type { Db } from '../../platform/database';
import { withAutoId } from '../../platform/dialect';
import { migrateToLatest, type MigrationSet } from '../../platform/migrate';
import type { RecordingsTables } from './tables';
import { recordingsMigrations } from './migrations/index';

const kinds = await databaseKinds();
const PER_PROFILE = '2026-12-13-0400-recordings-per-profile';

/** This module's migrations as they stood before recordings were a profile's. */
const before: MigrationSet = (dialect) =>
  Object.fromEntries(Object.entries(recordingsMigrations(dialect)).filter(([name]) => name !== PER_PROFILE));

const recording = (userId: number, eventId: number) => ({
  userId,
  eventId,
  channelId: 2,
  title: `Programa ${eventId}`,
  subtitle: '',
  episodeNum: '',
  startTime: 1_000,
  endTime: 2_000,
  state: 'ready' as const,
  protected: 0,
  expiresAt: null,
  ruleId: null,
  mediaKey: `2:1000:2000`,
  createdAt: 1,
});
const reminder = (userId: number, eventId: number) => ({
  userId,
  eventId,
  channelId: 2,
  title: `Programa ${eventId}`,
  startTime: 10_000,
  endTime: 20_000,
  minutesBefore: 5,
  remindAt: 9_000,
  mail: 0,
  seen: 0,
  mailed: 0,
  pushed: 0,
  createdAt: 1,
});

/** Issue 30: the rows kept before recordings were a profile's go to the account's first profile. */
describe.each(kinds)('recordings per profile migration on %s', (kind) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('moves earlier recordings, rules and reminders to the account’s first profile, and keys them by profile', async () => {
    db = await openTestDatabase(kind);
    // A stand-in for identity's profiles table (its columns the migration reads and writes).
    await withAutoId(db.kysely().schema.createTable('profiles'), db.dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('is_adult', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    const k = db.kysely<RecordingsTables>();
    await migrateToLatest(db, [before]);
    // Account 1 has two profiles; account 2 none yet (its first sign-in since would have made one).
    await sql`insert into profiles (user_id, name, is_adult, created_at) values (1, 'Ana', 1, 1), (1, 'Peques', 0, 2)`.execute(
      db.kysely(),
    );
    // The tables as they were: no profile column yet.
    const legacy = k as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await legacy
      .insertInto('recordings')
      .values([recording(1, 10), recording(1, 11), recording(2, 10)])
      .execute();
    await legacy
      .insertInto('recordingRules')
      .values({
        userId: 2,
        kind: 'title',
        text: 'Noticias',
        folded: 'noticias',
        channelId: null,
        newOnly: 0,
        createdAt: 1,
      })
      .execute();
    await legacy
      .insertInto('recordingReminders')
      .values([reminder(1, 30), reminder(2, 30)])
      .execute();

    expect(await migrateToLatest(db, [recordingsMigrations])).toEqual([PER_PROFILE]);

    // The connection's plugin answers raw columns in camel case too.
    const profiles = await sql<{
      id: number;
      userId: number;
      name: string;
    }>`select id, user_id, name from profiles order by id`
      .execute(db.kysely())
      .then((r) => r.rows.map((p) => ({ id: Number(p.id), userId: Number(p.userId), name: p.name })));
    const ana = profiles.find((p) => p.name === 'Ana')!.id;
    const peques = profiles.find((p) => p.name === 'Peques')!.id;
    const second = profiles.filter((p) => p.userId === 2);
    expect(second.map((p) => p.name)).toEqual(['Default']);
    const owners = async (table: 'recordings' | 'recordingRules' | 'recordingReminders') =>
      (await k.selectFrom(table).select(['userId', 'profileId']).orderBy('id').execute()).map((r) => [
        Number(r.userId),
        Number(r.profileId),
      ]);
    expect(await owners('recordings')).toEqual([
      [1, ana],
      [1, ana],
      [2, second[0]!.id],
    ]);
    expect(await owners('recordingRules')).toEqual([[2, second[0]!.id]]);
    expect(await owners('recordingReminders')).toEqual([
      [1, ana],
      [2, second[0]!.id],
    ]);

    // One recording and one reminder per profile and programme: another profile may have its own.
    await k
      .insertInto('recordings')
      .values({ ...recording(1, 10), profileId: peques })
      .execute();
    await expect(
      k
        .insertInto('recordings')
        .values({ ...recording(1, 10), profileId: ana })
        .execute(),
    ).rejects.toThrow();
    await k
      .insertInto('recordingReminders')
      .values({ ...reminder(1, 30), profileId: peques })
      .execute();
    await expect(
      k
        .insertInto('recordingReminders')
        .values({ ...reminder(1, 30), profileId: ana })
        .execute(),
    ).rejects.toThrow();
  });
});
