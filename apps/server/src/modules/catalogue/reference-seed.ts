import {
  CATALOGUE_GENRES,
  CHANNEL_GENRES,
  HOME_LIST_GROUP,
  HOME_LISTS,
  LINEUPS,
  REGIONS,
  SCREENS,
} from './reference-data';
import type { SeedRepository } from './seed.repository';

/** Makes sure the catalogue's reference data is there (regions, lineups, genres, the home's rows); idempotent. */
export async function seedCatalogueReference(repo: SeedRepository): Promise<void> {
  await repo.ensureReference({
    regions: REGIONS,
    lineups: LINEUPS,
    channelGenres: CHANNEL_GENRES,
    genres: CATALOGUE_GENRES,
    screens: SCREENS,
    lists: HOME_LISTS.map((l) => ({ ...l, listGroupId: HOME_LIST_GROUP })),
  });
}
