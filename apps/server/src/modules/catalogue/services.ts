import type { Deps } from '../../platform/module';
import { CatalogueService } from './catalogue.service';
import { GenresService } from './genres.service';
import { GuideService } from './guide.service';
import { ImagesService } from './images/images.service';
import { KeepWatchingService } from './keep-watching.service';
import { ListsService } from './lists.service';
import { ReferenceCache } from './reference-cache';
import { SearchService } from './search.service';

/** The catalogue's services, wired once per app. */
export interface CatalogueServices {
  catalogue: CatalogueService;
  guide: GuideService;
  lists: ListsService;
  genres: GenresService;
  search: SearchService;
  keepWatching: KeepWatchingService;
  images: ImagesService;
}

const byDeps = new WeakMap<Deps, CatalogueServices>();

/** One set of services per Deps, shared by the routes and by other modules (ingest invalidates its cache). */
export function catalogueServices(deps: Deps): CatalogueServices {
  const existing = byDeps.get(deps);
  if (existing) return existing;
  const catalogue = new CatalogueService(deps, new ReferenceCache(deps));
  const guide = new GuideService(deps, catalogue);
  const keepWatching = new KeepWatchingService(deps, catalogue);
  const services: CatalogueServices = {
    catalogue,
    guide,
    keepWatching,
    lists: new ListsService(catalogue, guide, keepWatching),
    genres: new GenresService(deps, catalogue, guide),
    search: new SearchService(deps, catalogue),
    images: new ImagesService(deps, catalogue),
  };
  byDeps.set(deps, services);
  return services;
}
