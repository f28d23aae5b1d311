// lint-as: apps/server/src/modules/catalogue/fixture.service.ts
// expect: pantalla/repositories-own-sql
import type { Db } from '../../platform/database';
import type { CatalogueTables } from './tables';

export const channels = (db: Db) => db.kysely<CatalogueTables>().selectFrom('channels').selectAll().execute();
