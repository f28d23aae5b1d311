import type { CatalogueTables } from '../src/modules/catalogue/tables';
import type { CommerceTables } from '../src/modules/commerce/tables';
import type { IdentityTables } from '../src/modules/identity/tables';
import type { PlaybackTables } from '../src/modules/playback/tables';

/** Every module's tables: only tests see them together (the server's own code reaches each through its module). */
export type TestTables = IdentityTables & CommerceTables & CatalogueTables & PlaybackTables;
