// lint-as: apps/server/src/modules/catalogue/fixture.repository.ts
// expect: nothing
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { CatalogueTables } from './tables';

/** Repositories hold the SQL. */
export class FixtureRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  count() {
    return this.k
      .selectFrom('channels')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
  }
}
