import type { Platform, ServerModule } from '../../platform/module';
import type { ImportWriter } from '../catalogue';
import type { Authenticator } from '../identity';
import { DEFAULT_LIMITS } from './byte-source';
import { DestinationPolicy } from './destination';
import { FetchHistoryRepository } from './fetch-history.repository';
import { GuideMappingRepository } from './guide-mapping.repository';
import { GuideMappingService } from './guide-mapping.service';
import { operatorSourceRoutes } from './operator-sources.routes';
import { OperatorSourcesService } from './operator-sources.service';
import { ingestRoutes } from './ingest.routes';
import { createImporter } from './importer';
import type { IngestService } from './ingest.service';
import { ingestMigrations } from './migrations';
import { SourcesRepository } from './sources.repository';
import { SourcesService } from './sources.service';

export type { IngestService } from './ingest.service';
export type { SourcesService } from './sources.service';
export type { ByteSource } from './byte-source';
export { OPERATOR_LIMITS } from './byte-source';
export { IngestError } from './parsers/errors';
/** The private-address guard of guide sources, which the catalogue's picture proxy shares. */
export { DestinationPolicy } from './destination';

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
  /** Guide and list URLs fetched on a schedule; the module's startWork runs it, commands use it directly. */
  sources: SourcesService;
}

/** XMLTV guides and M3U channel lists: uploads, scheduled sources, a command. Owns the sources and their runs. */
export function createIngest(platform: Platform, needs: IngestNeeds): Ingest {
  const address = platform.config.ingestThreads ? platform.db.address : null;
  const service = createImporter({
    writer: () => needs.imports,
    exclusive: (name, fn) => platform.db.exclusive(name, fn),
    options: { thread: address ? { address, changed: needs.importsChanged } : null },
  });
  const sourcesRepo = new SourcesRepository(platform.db);
  const history = new FetchHistoryRepository(platform.db);
  const mappings = new GuideMappingService(
    new GuideMappingRepository(platform.db),
    () => needs.imports,
    (name, fn) => platform.db.exclusive(name, fn),
    () => needs.importsChanged(),
    platform.clock,
  );
  const sources = new SourcesService(
    sourcesRepo,
    service,
    platform.clock,
    platform.log,
    new DestinationPolicy(platform.config.ingestAllowedHosts),
    history,
    mappings,
  );
  const operatorSources = new OperatorSourcesService(sourcesRepo, history, sources, mappings, platform.clock);
  return {
    module: {
      name: 'ingest',
      migrations: ingestMigrations,
      routes: async (app) => {
        await ingestRoutes(app, service, sources, needs.auth, platform.config.adminEmails, DEFAULT_LIMITS);
        await operatorSourceRoutes(app, operatorSources, needs.auth, DEFAULT_LIMITS);
      },
      // Scheduled guide and list sources: every process looks, each due source runs in one of them.
      startWork: () => {
        sources.start();
        return () => sources.stop();
      },
    },
    service,
    sources,
  };
}
