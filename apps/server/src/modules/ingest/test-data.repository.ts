import type { Insertable } from 'kysely';
import type { Db } from '../../platform/database';
import type { IngestTables, SourceFetchTable } from './tables';

/** Ingest's data for other suites (test/builders.ts): a fetch as a run would leave it. Only tests import it. */
export function ingestBuilders(db: Db) {
  return {
    async newSourceFetch(row: Insertable<SourceFetchTable>): Promise<number> {
      return (
        await db
          .kysely<IngestTables>()
          .insertInto('sourceFetches')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },
  };
}
