import type { CatalogueTables } from '../src/modules/catalogue/testing';
import type { PurchaseTables } from '../src/modules/commerce/testing';
import type { SandboxTables } from '../src/modules/payment-sandbox/testing';
import type { IdentityTables } from '../src/modules/identity/testing';
import type { IngestTables } from '../src/modules/ingest/testing';
import type { PlaybackTables } from '../src/modules/playback/testing';
import type { QoeTables } from '../src/modules/qoe/testing';

/** Every module's tables: only tests see them together (the server's own code reaches each through its module). */
export type TestTables = IdentityTables &
  PurchaseTables &
  CatalogueTables &
  PlaybackTables &
  IngestTables &
  SandboxTables &
  QoeTables;
