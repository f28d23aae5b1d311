// lint-as: bench/catalogue/fixture.ts
// expect: nothing
import type { Catalogue } from '../../apps/server/src/modules/catalogue';
import { GuideRepository } from '../../apps/server/src/modules/catalogue/testing';
import { openSqlite } from '../../apps/server/src/platform/database';

export const parts: [Catalogue | null, typeof GuideRepository, typeof openSqlite] = [null, GuideRepository, openSqlite];
