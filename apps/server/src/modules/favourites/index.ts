import type { Platform, ServerModule } from '../../platform/module';
import type { Playables } from '../catalogue';
import type { Authenticator, PersonalDataHolder, ProfileResolver } from '../identity';
import { FavouritesRepository } from './favourites.repository';
import { favouriteRoutes } from './favourites.routes';
import { FavouritesService } from './favourites.service';
import { favouritesMigrations } from './migrations';

/** What favourites need of other modules. */
export interface FavouritesNeeds {
  auth: Authenticator;
  /** The profile a request names, checked against the account (identity's one resolver). */
  profiles: ProfileResolver;
  /** What exists: channels, films, series and programmes, with their ratings. */
  playables: Pick<Playables, 'channel' | 'channelLabels' | 'film' | 'series' | 'event'>;
}

/** Favourites as the application sees it. */
export interface Favourites {
  module: ServerModule;
  /** Favourite channels and "Mi lista" for the data export; erased with the account. */
  personalData: PersonalDataHolder;
}

/** Favourite channels and "Mi lista", per account and profile (issue 30). */
export function createFavourites(platform: Platform, needs: FavouritesNeeds): Favourites {
  const repo = new FavouritesRepository(platform.db);
  const service = new FavouritesService(platform.clock, repo, needs.playables);
  // A deleted profile's favourites go with it.
  needs.profiles.onDeleted((userId, profileId) => repo.eraseProfile({ userId, profileId }));
  return {
    module: {
      name: 'favourites',
      migrations: favouritesMigrations,
      routes: (app) => favouriteRoutes(app, needs.auth, needs.profiles, service),
    },
    personalData: {
      export: (userId) => repo.exportOf(userId),
      erase: (userId) => repo.eraseOf(userId),
    },
  };
}
