// lint-as: apps/server/src/modules/catalogue/fixture.service.ts
// expect: pantalla/repositories-own-sql
import { sql } from 'kysely';

export const now = sql`select 1`;
