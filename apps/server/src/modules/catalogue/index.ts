import type { ServerModule } from '../../platform/module';
import { catalogueRoutes } from './catalogue.routes';
import { imageRoutes } from './images/images.routes';
import { catalogueMigrations } from './migrations';
import { seedCatalogue } from './seed/seed';
import { catalogueServices } from './services';

export { catalogueServices, type CatalogueServices } from './services';

/** Regions, lineups, channels, genres, guide, films, series, screens and lists, search, images, keep-watching. */
export const catalogueModule: ServerModule = {
  name: 'catalogue',
  migrations: catalogueMigrations,
  seed: seedCatalogue,
  routes: async (app, deps) => {
    const services = catalogueServices(deps);
    await catalogueRoutes(app, deps, services);
    await imageRoutes(app, services.images);
  },
};
