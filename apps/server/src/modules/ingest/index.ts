import type { Platform, ServerModule } from '../../platform/module';
import type { ImportWriter } from '../catalogue';
import type { Authenticator } from '../identity';
import { DEFAULT_LIMITS } from './byte-source';
import { DestinationPolicy } from './destination';
import { ingestRoutes } from './ingest.routes';
import { IngestService } from './ingest.service';
import { ingestMigrations } from './migrations';
import { SourcesRepository } from './sources.repository';
import { SourcesService } from './sources.service';

export type { IngestService } from './ingest.service';
export type { SourcesService } from './sources.service';
export type { ByteSource } from './byte-source';
export { OPERATOR_LIMITS } from './byte-source';
export { IngestError } from './parsers/errors';
export { externalCatchupUrl, externalAlternates } from './external-streams';

/** What ingest needs of other modules. */
export interface IngestNeeds {
  auth: Authenticator;
  /** Where an import writes its channels and programmes when it runs on this thread, in batches. */
  imports: ImportWriter;
  /** Tells readers what an import run in a thread of its own changed. */
  importsChanged: () => void;
}

/** Ingest as the application sees it: its routes, the import the command line uses, the schedule. */
export interface Ingest {
  module: ServerModule;
  service: IngestService;
  /** Guide and list URLs fetched on a schedule; the server starts it, commands use it directly. */
  sources: SourcesService;
}

/** XMLTV guides and M3U channel lists: uploads, scheduled sources, a command. Owns the sources and their runs. */
export function createIngest(platform: Platform, needs: IngestNeeds): Ingest {
  const address = platform.config.ingestThreads ? platform.db.address : null;
  const service = new IngestService(() => needs.imports, (name, fn) => platform.db.exclusive(name, fn), {
    thread: address ? { address, changed: needs.importsChanged } : null,
  });
  const sources = new SourcesService(new SourcesRepository(platform.db), service, platform.clock, platform.log, new DestinationPolicy(platform.config.ingestAllowedHosts));
  return {
    module: {
      name: 'ingest',
      migrations: ingestMigrations,
      routes: (app) => ingestRoutes(app, service, sources, needs.auth, platform.config.adminEmails, DEFAULT_LIMITS),
    },
    service,
    sources,
  };
}
