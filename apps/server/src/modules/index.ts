import type { ServerModule } from '../platform/module';
import { identityModule } from './identity';
import { commerceModule } from './commerce';
import { catalogueModule } from './catalogue';
import { ingestModule } from './ingest';
import { originModule } from './origin';
import { playbackModule } from './playback';

/** The server's modules in dependency order: migrations, seeds and routes follow it. */
export const modules: ServerModule[] = [
  identityModule,
  commerceModule,
  catalogueModule,
  ingestModule,
  originModule,
  playbackModule,
];
