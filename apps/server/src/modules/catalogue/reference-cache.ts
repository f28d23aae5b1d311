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

  /** Channels and genres as last read, with the stamp they were read at. */
  private base: ({ stamp: string; invalidations: number } & Pick<Reference, 'channels' | 'channelById' | 'genres' | 'genreById' | 'channelGenres'>) | null = null;

  /**
   * When the few seconds are up, every channel is read again only if the stamp changed (at
   * 10,000 channels reading them all holds the thread for tens of milliseconds, and a guide
   * import changes the guide's version every second or two, not the channels); the guide's
   * meta is read every time.
   */
  private async load(): Promise<Reference> {
    const invalidations = this.invalidations;
    const [stamp, maxEventMs, guideVersion] = await Promise.all([this.catalogue.referenceStamp(), this.guide.meta(META.maxEventMs), this.guide.meta(META.guideVersion)]);
    let base = this.base;
    if (!base || base.stamp !== stamp || base.invalidations !== invalidations) {
      const [channels, genres, channelGenres] = await Promise.all([this.catalogue.listChannels(), this.catalogue.listGenres(), this.catalogue.listChannelGenres()]);
      base = { stamp, invalidations, channels, channelById: new Map(channels.map((c) => [c.id, c])), genres, genreById: new Map(genres.map((g) => [g.id, g])), channelGenres };
      this.base = base;
    }
    const { stamp: _stamp, invalidations: _invalidations, ...reference } = base;
    return {
      ...reference,
      maxEventMs: Number(maxEventMs ?? 24 * 3600000),
      guideVersion: guideVersion ?? '0',
      generation: `${invalidations}.${stamp}.${guideVersion ?? '0'}`,
    };
  }
}
