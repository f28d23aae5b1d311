import type { Cache, CacheRegistry } from '../../platform/cache';
import type { CatalogueRepository, ReferenceStamp } from './catalogue.repository';
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
  /**
   * Changes only when a channel row does: the key of answers built from the rows alone (the
   * whole channel list), which an import's guide batches would otherwise rebuild each time.
   */
  channelsVersion: string;
}

/**
 * What a writer says it changed: 'everything' (the seed) has every channel read again;
 * 'changes' (an import) has only the channels changed since the last read merged in.
 */
export type ReferenceChange = 'everything' | 'changes';

type Base = { stamp: ReferenceStamp } & Pick<
  Reference,
  'channels' | 'channelById' | 'genres' | 'genreById' | 'channelGenres'
>;

const sameStamp = (a: ReferenceStamp, b: ReferenceStamp) =>
  a.channels === b.channels && a.updatedAt === b.updatedAt && a.genres === b.genres && a.groups === b.groups;
const byNumber = (a: ChannelRow, b: ChannelRow) => a.number - b.number || a.id - b.id;
const sameRow = (held: ChannelRow | undefined, row: ChannelRow) =>
  held !== undefined && (Object.keys(row) as (keyof ChannelRow)[]).every((key) => held[key] === row[key]);

/**
 * Channels, genres and guide meta change only through the seed and imports, which make
 * every process forget them (and the caches built on them) through the bus; the short
 * time-to-live bounds only a change whose message was lost.
 */
export class ReferenceCache {
  private readonly cache: Cache<'reference', Reference>;
  private invalidations = 0;
  /** Bumped each time the channel rows held change. */
  private channelReads = 0;
  /** What was said to change since the channels were last read. */
  private pending: ReferenceChange | null = null;

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
  async invalidate(change: ReferenceChange = 'everything'): Promise<void> {
    this.invalidations++;
    if (this.pending !== 'everything') this.pending = change;
    await this.caches.forget([REFERENCE_CACHE, ...this.dependents]);
  }

  get(): Promise<Reference> {
    return this.cache.get('reference', () => this.load());
  }

  /** Channels and genres as last read, with the stamp they were read at. */
  private base: Base | null = null;

  /**
   * At 10,000 channels reading them all holds the thread for a hundred milliseconds, and an
   * import saves channels in batches and changes the guide's version every second or two. So
   * when the few seconds are up, or an import said it changed something, only the channels
   * changed since the last read (by their updated_at) are read and merged, and all of them
   * only when the counts do not add up or a seed asked for it; the guide's meta is read
   * every time.
   */
  private async load(): Promise<Reference> {
    const invalidations = this.invalidations;
    const change = this.pending;
    this.pending = null;
    const [stamp, maxEventMs, guideVersion] = await Promise.all([
      this.catalogue.referenceStamp(),
      this.guide.meta(META.maxEventMs),
      this.guide.meta(META.guideVersion),
    ]);
    let base = this.base;
    if (!base || change === 'everything') base = await this.readAll(stamp);
    else if (change === 'changes' || !sameStamp(base.stamp, stamp)) base = await this.readChanges(base, stamp);
    if (base.channels !== this.base?.channels) this.channelReads += 1;
    this.base = base;
    const { stamp: read, ...reference } = base;
    return {
      ...reference,
      maxEventMs: Number(maxEventMs ?? 24 * 3600000),
      guideVersion: guideVersion ?? '0',
      generation: `${invalidations}.${read.channels}.${read.updatedAt}.${read.genres}.${read.groups}.${guideVersion ?? '0'}`,
      channelsVersion: String(this.channelReads),
    };
  }

  private async readAll(stamp: ReferenceStamp): Promise<Base> {
    const [channels, genres, channelGenres] = await Promise.all([
      this.catalogue.listChannels(),
      this.catalogue.listGenres(),
      this.catalogue.listChannelGenres(),
    ]);
    return {
      stamp,
      channels,
      channelById: new Map(channels.map((c) => [c.id, c])),
      genres,
      genreById: new Map(genres.map((g) => [g.id, g])),
      channelGenres,
    };
  }

  /** The channels changed since `base` merged into it; everything read again when the count then differs (a channel taken out). */
  private async readChanges(base: Base, stamp: ReferenceStamp): Promise<Base> {
    if (stamp.updatedAt < base.stamp.updatedAt) return this.readAll(stamp);
    const [changed, genres, channelGenres] = await Promise.all([
      this.catalogue.channelsUpdatedSince(base.stamp.updatedAt),
      this.catalogue.listGenres(),
      this.catalogue.listChannelGenres(),
    ]);
    const channelById = new Map(base.channelById);
    let updatedAt = base.stamp.updatedAt;
    // The rows saved in the last read's millisecond come back every time: the same, mostly.
    let differs = false;
    for (const channel of changed.rows) {
      if (!sameRow(base.channelById.get(channel.id), channel)) differs = true;
      channelById.set(channel.id, channel);
      updatedAt = Math.max(updatedAt, channel.updatedAt);
    }
    // The count the changed rows were read with: channels saved after the stamp was read are in both.
    const count = changed.count ?? stamp.channels;
    if (channelById.size !== count) return this.readAll(stamp);
    const genreById = new Map(genres.map((g) => [g.id, g]));
    const next = {
      stamp: { channels: count, updatedAt, genres: stamp.genres, groups: stamp.groups },
      genres,
      genreById,
      channelGenres,
    };
    if (!differs) return { ...next, channels: base.channels, channelById: base.channelById };
    return { ...next, channels: [...channelById.values()].sort(byNumber), channelById };
  }
}
