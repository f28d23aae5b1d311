import type { CatalogueTables } from '../src/modules/catalogue/tables';
import type { PurchaseTables } from '../src/modules/commerce/tables';
import type { SandboxTables } from '../src/modules/payment-sandbox/tables';
import type { IdentityTables } from '../src/modules/identity/tables';
import type { IngestTables } from '../src/modules/ingest/tables';
import type { PlaybackTables } from '../src/modules/playback/tables';
import type { QoeTables } from '../src/modules/qoe/tables';

/** Every module's tables: only tests see them together (the server's own code reaches each through its module). */
export type TestTables = IdentityTables &
  PurchaseTables &
  CatalogueTables &
  PlaybackTables &
  IngestTables &
  SandboxTables &
  QoeTables;
