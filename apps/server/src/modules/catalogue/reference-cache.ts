import type { Deps } from '../../platform/module';
import { CatalogueRepository } from './catalogue.repository';
import { GuideRepository } from './guide.repository';
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
  private value: Reference | null = null;
  private loadedAt = 0;
  private pending: Promise<Reference> | null = null;
  private invalidations = 0;
  private readonly catalogue: CatalogueRepository;
  private readonly guide: GuideRepository;

  constructor(
    private readonly deps: Deps,
    private readonly ttlMs = 5000,
  ) {
    this.catalogue = new CatalogueRepository(deps.db);
    this.guide = new GuideRepository(deps.db);
  }

  /** Drops the cached value (after an import in this process). */
  invalidate(): void {
    this.invalidations++;
    this.value = null;
  }

  async get(): Promise<Reference> {
    const now = Date.now();
    if (this.value && now - this.loadedAt < this.ttlMs) return this.value;
    if (!this.pending) {
      this.pending = this.load().finally(() => {
        this.pending = null;
      });
    }
    return this.pending;
  }

  private async load(): Promise<Reference> {
    const [channels, genres, channelGenres, maxEventMs, guideVersion] = await Promise.all([
      this.catalogue.listChannels(),
      this.catalogue.listGenres(),
      this.catalogue.listChannelGenres(),
      this.guide.meta(META.maxEventMs),
      this.guide.meta(META.guideVersion),
    ]);
    const value: Reference = {
      channels,
      channelById: new Map(channels.map((c) => [c.id, c])),
      genres,
      genreById: new Map(genres.map((g) => [g.id, g])),
      channelGenres,
      maxEventMs: Number(maxEventMs ?? 24 * 3600000),
      guideVersion: guideVersion ?? '0',
      generation: `${this.invalidations}.${channels.length}.${Math.max(0, ...channels.map((c) => c.updatedAt))}.${genres.length}.${channelGenres.length}.${guideVersion ?? '0'}`,
    };
    this.value = value;
    this.loadedAt = Date.now();
    return value;
  }
}
