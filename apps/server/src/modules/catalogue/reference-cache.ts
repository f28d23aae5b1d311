import type { Cache, CacheRegistry } from '../../platform/cache';
import type { CatalogueRepository } from './catalogue.repository';
import type { GuideRepository } from './guide.repository';
import { META } from './meta-keys';
import type { ChannelRow, GenreRow } from './tables';

const REFERENCE_CACHE = 'catalogue.reference';

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
 * Channels, genres and guide meta change only through the seed and imports, which make
 * every process forget them (and the caches built on them) through the bus; the short
 * time-to-live bounds only a change whose message was lost.
 */
export class ReferenceCache {
  private readonly cache: Cache<'reference', Reference>;
  private invalidations = 0;

  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly guide: GuideRepository,
    private readonly caches: CacheRegistry,
    private readonly dependents: readonly string[] = [],
    ttlMs = 5000,
  ) {
    this.cache = caches.create(REFERENCE_CACHE, { max: 1, ttlMs });
  }

  /** After a seed or an import: every process forgets the reference data and the caches built on it. */
  async invalidate(): Promise<void> {
    this.invalidations++;
    await this.caches.forget([REFERENCE_CACHE, ...this.dependents]);
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
