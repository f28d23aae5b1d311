import type { Bookmark, BookmarkKind } from '@pantalla/contracts';
import { notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { BookmarksRepository, ProfileKey } from './bookmarks.repository';
import type { CatalogueService, KidsLevel } from './catalogue.service';
import type { GuideRepository } from './guide.repository';

const LIST_MAX = 50;

/** What other modules may ask of keep-watching: where a profile stopped, and to remember it (issue 30). */
export interface KeepWatching {
  /** The saved position of an item in ms, 0 when none or when it was watched to the end. */
  savedPosition(who: ProfileKey, kind: BookmarkKind, contentId: number): Promise<number>;
  /** Records where the profile stopped. */
  mark(who: ProfileKey, kind: BookmarkKind, contentId: number, positionMs: number): Promise<void>;
  /** Where the profile stopped in a recording (its own position, not its programme's catch-up one). */
  savedRecordingPosition(who: ProfileKey, recordingId: number): Promise<number>;
  /** Records where the profile stopped in a recording of `durationMs`. */
  markRecording(who: ProfileKey, recordingId: number, positionMs: number, durationMs: number): Promise<void>;
}

/** Keep-watching bookmarks: vod (a film or an episode) and cutv (a catch-up programme). */
export class KeepWatchingService implements KeepWatching {
  constructor(
    private readonly clock: Clock,
    private readonly repo: BookmarksRepository,
    private readonly guide: GuideRepository,
    private readonly catalogue: CatalogueService,
  ) {}

  async savedPosition(who: ProfileKey, kind: BookmarkKind, contentId: number): Promise<number> {
    const row = await this.repo.find(who, kind, contentId);
    // A finished item starts again from the beginning.
    return row && row.positionMs < row.durationMs ? row.positionMs : 0;
  }

  /**
   * A recording keeps a position of its own (kind rec, never listed): kept as its programme's
   * catch-up position, keep-watching would offer that programme after its catch-up ended.
   */
  async savedRecordingPosition(who: ProfileKey, recordingId: number): Promise<number> {
    const row = await this.repo.find(who, 'rec', recordingId);
    return row && row.positionMs < row.durationMs ? row.positionMs : 0;
  }

  async markRecording(who: ProfileKey, recordingId: number, positionMs: number, durationMs: number): Promise<void> {
    await this.repo.upsert({
      ...who,
      kind: 'rec',
      contentId: recordingId,
      positionMs: Math.min(positionMs, durationMs),
      durationMs,
      updatedAt: this.clock.now(),
    });
  }

  /** The profile's bookmarks, latest first, each with its item; bookmarks of removed items are left out. */
  async list(who: ProfileKey, kids: KidsLevel = null): Promise<Bookmark[]> {
    const rows = await this.repo.list(who, LIST_MAX);
    if (rows.length === 0) return [];
    // A kids profile's row leaves out what it may not see (resolve drops those items).
    const v = await this.catalogue.viewer(who.userId, kids);
    const vodIds = rows.filter((r) => r.kind === 'vod').map((r) => r.contentId);
    const eventIds = rows.filter((r) => r.kind === 'cutv').map((r) => r.contentId);
    const [films, episodes, events] = await Promise.all([
      this.catalogue.repo.filmsByIds(vodIds),
      this.catalogue.repo.episodesByIds(vodIds),
      this.guide.eventsByIds(eventIds),
    ]);
    const filmIds = new Set(films.map((f) => f.id));
    const episodeIds = new Set(episodes.map((e) => e.id));
    const refs = rows.map((r) =>
      r.kind === 'cutv'
        ? { itemType: 'event' as const, itemId: r.contentId }
        : {
            itemType: filmIds.has(r.contentId)
              ? ('film' as const)
              : episodeIds.has(r.contentId)
                ? ('episode' as const)
                : ('film' as const),
            itemId: r.contentId,
          },
    );
    const resolved = await this.catalogue.resolve(v, refs, new Map(events.map((e) => [e.id, e])));
    const byKey = new Map(resolved.map((item) => [`${item.type === 'event' ? 'cutv' : 'vod'}:${item.id}`, item]));
    return rows.flatMap((r) => {
      const resource = byKey.get(`${r.kind}:${r.contentId}`);
      return resource && r.kind !== 'rec'
        ? [
            {
              id: r.contentId,
              kind: r.kind,
              positionInMs: r.positionMs,
              durationInMs: r.durationMs,
              updatedAt: r.updatedAt,
              resource,
            },
          ]
        : [];
    });
  }

  /** Records where the user stopped; the playback module calls this too. */
  async mark(who: ProfileKey, kind: BookmarkKind, contentId: number, positionMs: number): Promise<void> {
    const durationMs = await this.durationOf(kind, contentId);
    await this.repo.upsert({
      ...who,
      kind,
      contentId,
      positionMs: Math.min(positionMs, durationMs),
      durationMs,
      updatedAt: this.clock.now(),
    });
  }

  private async durationOf(kind: BookmarkKind, id: number): Promise<number> {
    if (kind === 'cutv') {
      const [event] = await this.guide.eventsByIds([id]);
      if (!event) throw notFound('No existe ese programa.');
      return event.endTime - event.startTime;
    }
    const film = await this.catalogue.repo.filmById(id);
    if (film) return film.runtimeSeconds * 1000;
    const [episode] = await this.catalogue.repo.episodesByIds([id]);
    if (episode) return episode.runtimeSeconds * 1000;
    throw notFound('No existe ese contenido.');
  }

  /** Deletes a bookmark; deleting one that is not there is not an error. */
  async remove(who: ProfileKey, kind: BookmarkKind, contentId: number): Promise<void> {
    await this.repo.remove(who, kind, contentId);
  }
}
