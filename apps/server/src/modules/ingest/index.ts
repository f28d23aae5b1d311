import type { Platform, ServerModule } from '../../platform/module';
import type { CatalogueImports } from '../catalogue';
import type { Authenticator } from '../identity';
import { ingestRoutes } from './ingest.routes';
import { IngestService } from './ingest.service';

export type { IngestService } from './ingest.service';
export { IngestError } from './parsers/errors';

/** What ingest needs of other modules. */
export interface IngestNeeds {
  auth: Authenticator;
  /** Where channels and programmes are written, in batches. */
  catalogue: CatalogueImports;
}

/** Ingest as the application sees it: its route, and the service the command line uses. */
export interface Ingest {
  module: ServerModule;
  service: IngestService;
}

/** XMLTV guides and M3U channel lists: a command and an admin-only route. It owns no tables. */
export function createIngest(platform: Platform, needs: IngestNeeds): Ingest {
  const service = new IngestService(needs.catalogue);
  return {
    module: { name: 'ingest', routes: (app) => ingestRoutes(app, service, needs.auth, platform.config.adminEmails) },
    service,
  };
}
