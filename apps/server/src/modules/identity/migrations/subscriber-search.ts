import { sql, type Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';
import { searchKeysOf } from '../subscriber-keys';

const BATCH = 2000;

/**
 * The console's subscriber search (issue 27): one row per search key of an account (its
 * folded e-mail, "name surname", surname), keyed (key, user_id) so a prefix is one index
 * range. Binary collation on PostgreSQL too, so the range `key >= p AND key < p || U+FFFF`
 * means "starts with p" there as it does on SQLite. Existing accounts are keyed here.
 */
export const subscriberSearchMigrations: MigrationSet = (dialect) => ({
  '2026-12-07-0600-subscriber-search': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_search_keys')
        .addColumn('key', dialect === 'postgres' ? sql`varchar(120) collate "C"` : 'varchar(120)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('account_search_keys_pk', ['key', 'user_id'])
        .execute();
      await db.schema.createIndex('account_search_keys_user').on('account_search_keys').column('user_id').execute();
      const k = db as Kysely<{
        users: { id: number; email: string; name: string; surname: string };
        accountSearchKeys: { key: string; userId: number };
      }>;
      for (let after = 0; ;) {
        const users = await k
          .selectFrom('users')
          .select(['id', 'email', 'name', 'surname'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (users.length === 0) break;
        const rows = users.flatMap((user) => searchKeysOf(user).map((key) => ({ key, userId: user.id })));
        if (rows.length > 0) await k.insertInto('accountSearchKeys').values(rows).execute();
        after = users[users.length - 1]?.id ?? Number.MAX_SAFE_INTEGER;
      }
    },
  },
});
