import type { IdentityTables } from './modules/identity/tables';
import type { CommerceTables } from './modules/commerce/tables';
import type { CatalogueTables } from './modules/catalogue/tables';
import type { PlaybackTables } from './modules/playback/tables';

/** Every table of every module, as Kysely sees them. */
export type Database = IdentityTables & CommerceTables & CatalogueTables & PlaybackTables;
