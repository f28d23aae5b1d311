import type { Cache, CacheRegistry } from '../../platform/cache';
import type { CatalogueRepository } from './catalogue.repository';
import type { GuideRepository } from './guide.repository';
import { META } from './meta-keys';
import type { ChannelRow, GenreRow } from './tables';

/** Reference data every request needs, read at most every few seconds. */
export interface Reference {
  channels: ChannelRow[];
  channelById: Map<number, ChannelRow>;
  genres: GenreRow[];
  genreById: Map<number, GenreRow>;
  channelGenres: { id: number; name: string }[];
  /** Longest programme in ms: the window query's lower bound. */
  maxEventMs: number;
  /** Bumped by seed top-ups and imports: part of the guide's cache keys and ETags. */
  guideVersion: string;
  /** Changes when channels, genres or the guide change: part of response cache keys. */
  generation: string;
}

/**
 * Channels, genres and guide meta change only through the seed and imports. Several
 * server processes may share a database, so a short time-to-live (not only local
 * invalidation) keeps each process close to the truth.
 */
export class ReferenceCache {
  private readonly cache: Cache<'reference', Reference>;
  private invalidations = 0;

  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly guide: GuideRepository,
    caches: CacheRegistry,
    ttlMs = 5000,
  ) {
    this.cache = caches.create('catalogue.reference', { max: 1, ttlMs });
  }

  /** Drops the cached value (after an import in this process). */
  invalidate(): void {
    this.invalidations++;
    this.cache.clear();
  }

  get(): Promise<Reference> {
    return this.cache.get('reference', () => this.load());
  }

  private async load(): Promise<Reference> {
    const [channels, genres, channelGenres, maxEventMs, guideVersion] = await Promise.all([
      this.catalogue.listChannels(),
      this.catalogue.listGenres(),
      this.catalogue.listChannelGenres(),
      this.guide.meta(META.maxEventMs),
      this.guide.meta(META.guideVersion),
    ]);
    return {
      channels,
      channelById: new Map(channels.map((c) => [c.id, c])),
      genres,
      genreById: new Map(genres.map((g) => [g.id, g])),
      channelGenres,
      maxEventMs: Number(maxEventMs ?? 24 * 3600000),
      guideVersion: guideVersion ?? '0',
      generation: `${this.invalidations}.${channels.length}.${Math.max(0, ...channels.map((c) => c.updatedAt))}.${genres.length}.${channelGenres.length}.${guideVersion ?? '0'}`,
    };
  }
}
