import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** The origin's tables: key generations of titles and programmes (docs/decisions.md, "Keys rotate"). */
export const originMigrations: MigrationSet = () => ({
  '2026-12-05-0100-origin-key-generations': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('origin_key_generations')
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('content_id', 'integer', (c) => c.notNull())
        .addColumn('generation', 'integer', (c) => c.notNull())
        .addColumn('rotated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('origin_key_generations_pk', ['kind', 'content_id'])
        .execute();
    },
  },
});
