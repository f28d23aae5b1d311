import type { ServerModule } from '../../platform/module';
import { ingestRoutes } from './ingest.routes';

export { IngestService } from './ingest.service';

/** XMLTV guides and M3U channel lists: a CLI and an admin-only route. */
export const ingestModule: ServerModule = {
  name: 'ingest',
  routes: ingestRoutes,
};
