import { sql, type Kysely } from 'kysely';

/**
 * Issues 29 and 30: keep-watching positions belong to a profile. The table is made again with
 * `profile_id` in its key (SQLite cannot change a primary key in place); the positions kept
 * before profiles had their own go to the account's first profile, the spec's default.
 */
export async function bookmarksPerProfileUp(db: Kysely<unknown>): Promise<void> {
  // An account that kept positions without ever listing its profiles gets its default one, as its
  // next sign-in would have made it (name and kind of identity's DEFAULT_PROFILE).
  await sql`insert into profiles (user_id, name, is_adult, created_at)
    select distinct b.user_id, 'Default', 1, ${sql.lit(Date.now())} from bookmarks b
    where not exists (select 1 from profiles p where p.user_id = b.user_id)`.execute(db);
  await db.schema
    .createTable('bookmarks_by_profile')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(4)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    .addColumn('position_ms', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmarks_profile_pk', ['user_id', 'profile_id', 'kind', 'content_id'])
    .execute();
  await sql`insert into bookmarks_by_profile
      (user_id, profile_id, kind, content_id, position_ms, duration_ms, updated_at)
    select b.user_id, (select min(p.id) from profiles p where p.user_id = b.user_id),
      b.kind, b.content_id, b.position_ms, b.duration_ms, b.updated_at
    from bookmarks b`.execute(db);
  await db.schema.dropTable('bookmarks').execute();
  await db.schema.alterTable('bookmarks_by_profile').renameTo('bookmarks').execute();
  await db.schema
    .createIndex('bookmarks_profile_updated')
    .on('bookmarks')
    .columns(['user_id', 'profile_id', 'updated_at'])
    .execute();
}
