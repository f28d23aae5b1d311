import type { PersonalDataHolder } from '../identity';
import type { CatalogueDataRepository } from './personal-data.repository';

/** The catalogue's part of the user's data: the viewing history its keep-watching positions are. */
export function cataloguePersonalData(repo: CatalogueDataRepository): PersonalDataHolder {
  return {
    async export(userId) {
      const rows = await repo.bookmarks(userId);
      return {
        keepWatching: rows.map((b) => ({
          profileId: b.profileId,
          kind: b.kind,
          contentId: b.contentId,
          positionMs: b.positionMs,
          durationMs: b.durationMs,
          updatedAt: new Date(b.updatedAt).toISOString(),
        })),
      };
    },
    erase: (userId) => repo.erase(userId),
  };
}
