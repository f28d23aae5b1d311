// lint-as: apps/server/src/modules/commerce/fixture.service.ts
// expect: pantalla/repositories-own-sql
import type { Kysely } from 'kysely';

export type Connection = Kysely<unknown>;
