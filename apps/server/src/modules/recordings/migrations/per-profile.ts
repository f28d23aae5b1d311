import { sql, type Kysely } from 'kysely';

/**
 * Issue 30: recordings, series rules and reminders belong to a profile. A column is added (no
 * table is made again: recordings are referenced by id from sessions and positions); the rows
 * kept before go to the account's first profile, the spec's default. The unique keys become one
 * recording and one reminder per profile and programme; the indexes lead with the account so the
 * account-wide quota still reads one range.
 */
export async function recordingsPerProfileUp(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  // An account with recordings but no profile listed yet gets its default one, as its next
  // sign-in would have made it (name and kind of identity's DEFAULT_PROFILE).
  for (const table of ['recordings', 'recording_rules', 'recording_reminders'] as const) {
    await s
      .alterTable(table)
      .addColumn('profile_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // An empty table asks nothing of profiles (a bench migrates this module alone).
    const { rows } = await sql`select 1 as one from ${sql.table(table)} limit 1`.execute(db);
    if (rows.length === 0) continue;
    await sql`insert into profiles (user_id, name, is_adult, created_at)
      select distinct t.user_id, 'Default', 1, ${sql.lit(Date.now())} from ${sql.table(table)} t
      where not exists (select 1 from profiles p where p.user_id = t.user_id)`.execute(db);
    await sql`update ${sql.table(table)} set profile_id =
      (select min(p.id) from profiles p where p.user_id = ${sql.table(table)}.user_id)`.execute(db);
  }

  await s.dropIndex('recordings_user_event').execute();
  await s
    .createIndex('recordings_profile_event')
    .unique()
    .on('recordings')
    .columns(['user_id', 'profile_id', 'event_id'])
    .execute();
  await s.dropIndex('recordings_user_state_end').execute();
  await s
    .createIndex('recordings_profile_state_end')
    .on('recordings')
    .columns(['user_id', 'profile_id', 'state', 'end_time', 'id'])
    .execute();

  await s.dropIndex('recording_rules_user').execute();
  await s
    .createIndex('recording_rules_profile')
    .on('recording_rules')
    .columns(['user_id', 'profile_id', 'id'])
    .execute();

  await s.dropIndex('recording_reminders_user_event').execute();
  await s
    .createIndex('recording_reminders_profile_event')
    .unique()
    .on('recording_reminders')
    .columns(['user_id', 'profile_id', 'event_id'])
    .execute();
  await s.dropIndex('recording_reminders_user_at').execute();
  await s
    .createIndex('recording_reminders_profile_at')
    .on('recording_reminders')
    .columns(['user_id', 'profile_id', 'remind_at', 'id'])
    .execute();
}
