import { BASIC_PACKAGE_ID, FINGERPRINT_STYLE_DEFAULTS } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import type { CatalogueImportRepository, CatalogueTrx } from './catalogue-import.repository';
import { clipKeyFor } from './clips';
import type { ReferenceCache } from './reference-cache';
import { matchKey, normalizeForSearch } from './search-text';
import type { ChannelRow, ChannelUpdate, EventRow, NewEvent } from './tables';

/** Who hears that imported channels or a finished guide changed what readers see. */
export type ImportedChanges = Pick<ReferenceCache, 'invalidate'>;

/** A channel as imports match and change it. */
export type ImportChannel = Pick<
  ChannelRow,
  | 'id'
  | 'name'
  | 'number'
  | 'tvgId'
  | 'logoUrl'
  | 'guideSource'
  | 'streamSource'
  | 'streamUrl'
  | 'streamProtocol'
  | 'channelGenreId'
  | 'catchupHours'
  | 'catchupMode'
  | 'catchupSource'
  | 'alternateStreams'
  | 'kind'
  | 'guideShiftMinutes'
  | 'streamUserAgent'
  | 'streamReferrer'
>;

/** What an import may set on a channel (its number: a list's tvg-chno no other channel has). */
export type ChannelChanges = Partial<Omit<ImportChannel, 'id'>>;

/** One channel of a batch: an existing one to change, or a new one to add. */
export type ChannelUpsert = { id: number; changes: ChannelChanges } | { create: ChannelChanges & { name: string } };

/** A programme as a guide file gives it; the catalogue maps its categories onto its genres. */
export interface ImportProgramme {
  startTime: number;
  endTime: number;
  title: string;
  subtitle: string;
  description: string;
  /** Adult content: rating 7 (behind the parental PIN) and age rating 18. */
  adult: boolean;
  ageRating: string;
  country: string;
  year: number | null;
  categories: string[];
  directors: string[];
  actors: string[];
  imageUrl: string | null;
  episodeNum: string;
  /** The guide says it was shown before (XMLTV previously-shown): "new episodes only" rules leave it out. */
  previouslyShown?: boolean;
  /** No stop nor length in the guide, and no next programme: it ends after a default length. */
  endUnknown?: boolean;
}

/** One channel's programmes over [from, to): what the guide holds there afterwards. */
export interface GuideWindow {
  channelId: number;
  from: number;
  to: number;
  programmes: ImportProgramme[];
}

/** What a guide batch changed: programmes new or changed, taken out, and left as they were. */
export interface GuideCounts {
  inserted: number;
  removed: number;
  unchanged: number;
}

/**
 * The catalogue's write side as imports use it, in batches: each call is one transaction,
 * so a caller streaming a large guide bounds its memory by its batch size.
 */
export interface CatalogueImports {
  /** Every channel, for matching a file's entries by tvg-id and name. */
  channels(): Promise<ImportChannel[]>;
  /** The channel groups by name (M3U group-title), created when missing; one transaction. */
  ensureChannelGenres(names: readonly string[]): Promise<Map<string, number>>;
  /** Adds or changes a batch of channels in one transaction; answers them as stored, in order. */
  saveChannels(batch: readonly ChannelUpsert[]): Promise<ImportChannel[]>;
  /**
   * Replaces each window's programmes in one transaction; a programme at an existing start
   * keeps its id. Readers see the change within the reference cache's few seconds, or at
   * once after guideImported(): a streaming import writes many batches, and rebuilding the
   * reference after each would make every request during the import pay for it.
   */
  replaceGuide(batch: readonly GuideWindow[]): Promise<GuideCounts>;
  /** Makes the guide written so far visible to this process's readers at once (an import's end). */
  guideImported(): void;
}

/** The write side for one import, and how it ends. */
export interface ImportWriter extends CatalogueImports {
  /** replaceGuide() calls that may be waiting at once: more keep a writer in a thread of its own busy while the next batch is parsed. */
  readonly pending: number;
  /**
   * Writes what replaceGuide() calls have gathered and not yet written, and answers what
   * that changed: a writer may gather batches into larger transactions (their counts then
   * come with the call that wrote them, or with this one).
   */
  finishGuide(): Promise<GuideCounts>;
  close(): Promise<void>;
}

type EventFields = Omit<NewEvent, 'id' | 'channelId' | 'startTime'>;

/** Fields compared to tell a changed programme from one imported again as it was. */
const COMPARED: (keyof EventRow)[] = [
  'endTime',
  'title',
  'subtitle',
  'description',
  'parental',
  'ageRating',
  'country',
  'year',
  'genreId',
  'sectionId',
  'categories',
  'director',
  'actors',
  'imageUrl',
  'episodeNum',
  'previouslyShown',
  'endUnknown',
];

function sameEvent(old: EventRow, fields: EventFields): boolean {
  return COMPARED.every((k) => (old[k] ?? null) === ((fields as Record<string, unknown>)[k] ?? null));
}

const toImportChannel = (c: ChannelRow): ImportChannel => ({
  id: c.id,
  name: c.name,
  number: c.number,
  tvgId: c.tvgId,
  logoUrl: c.logoUrl,
  guideSource: c.guideSource,
  streamSource: c.streamSource,
  streamUrl: c.streamUrl,
  streamProtocol: c.streamProtocol,
  channelGenreId: c.channelGenreId,
  catchupHours: c.catchupHours,
  catchupMode: c.catchupMode,
  catchupSource: c.catchupSource,
  alternateStreams: c.alternateStreams,
  kind: c.kind,
  guideShiftMinutes: c.guideShiftMinutes,
  streamUserAgent: c.streamUserAgent,
  streamReferrer: c.streamReferrer,
});

/** Channels and programmes arriving from guide files and channel lists. */
export class CatalogueImportService implements ImportWriter {
  /** On the server's thread one batch at a time: each is written as it comes. */
  readonly pending = 1;

  async finishGuide(): Promise<GuideCounts> {
    return { inserted: 0, removed: 0, unchanged: 0 };
  }

  /** On the server's own connection there is nothing to end. */
  async close(): Promise<void> {}

  /** When the guide's version last moved, and whether batches written since have not moved it. */
  private announcedAt = -Infinity;
  private unannounced = false;

  /**
   * `announceEveryMs`: how often a long import moves the guide's version (0: after every
   * batch). Each move makes readers drop the blocks and days built on the guide, which at
   * 10,000 channels costs the server's thread hundreds of milliseconds of reading; a
   * thread's import moves it at most every 30 s and at its end (finishGuide, or
   * guideImported on a failure).
   */
  constructor(
    private readonly clock: Clock,
    private readonly repo: CatalogueImportRepository,
    private readonly reference: ImportedChanges,
    private readonly announceEveryMs = 0,
  ) {}

  /** Moves the guide's version if batches were written without moving it. */
  async announceGuide(): Promise<void> {
    if (!this.unannounced) return;
    await this.repo.transaction((trx) => this.repo.bumpGuideVersion(trx));
    this.unannounced = false;
    this.announcedAt = this.clock.now();
  }

  async channels(): Promise<ImportChannel[]> {
    return (await this.repo.channels()).map(toImportChannel);
  }

  async ensureChannelGenres(names: readonly string[]): Promise<Map<string, number>> {
    const out = await this.repo.transaction(async (trx) => {
      const existing = await this.repo.channelGenres(trx);
      // Every script's letters count: 'Россия' and 'Ελλάδα' are two groups, not one empty key.
      const byKey = new Map(existing.map((g) => [matchKey(g.name), g.id]));
      let next = Math.max(0, ...existing.map((g) => g.id)) + 1;
      const result = new Map<string, number>();
      for (const name of names) {
        const key = matchKey(name);
        let id = byKey.get(key);
        if (id === undefined) {
          id = next++;
          await this.repo.insertChannelGenre(trx, id, name);
          byKey.set(key, id);
        }
        result.set(name, id);
      }
      return result;
    });
    await this.reference.invalidate('changes');
    return out;
  }

  async saveChannels(batch: readonly ChannelUpsert[]): Promise<ImportChannel[]> {
    if (batch.length === 0) return [];
    const now = this.clock.now();
    const saved = await this.repo.transaction(async (trx) => {
      let bounds = await this.repo.channelBounds(trx);
      const out: ChannelRow[] = [];
      const created: ChannelRow[] = [];
      for (const item of batch) {
        if ('create' in item) {
          bounds = { id: bounds.id + 1, number: bounds.number + 1 };
          const row = { ...this.newChannel(bounds.id, bounds.number, item.create.name, now), ...item.create };
          created.push(row);
          out.push(row);
        } else {
          const set: ChannelUpdate = { ...item.changes, updatedAt: now };
          if (item.changes.name !== undefined) set.searchTitle = normalizeForSearch(item.changes.name);
          await this.repo.updateChannel(trx, item.id, set);
          const row = await this.repo.channelById(trx, item.id);
          if (row) out.push(row);
        }
      }
      await this.repo.insertChannels(trx, created);
      return out;
    });
    await this.reference.invalidate('changes');
    return saved.map(toImportChannel);
  }

  /** A channel an import adds: the basic package, the origin looping a clip until a stream is given, last in every lineup. */
  private newChannel(id: number, number: number, name: string, now: number): ChannelRow {
    return {
      id,
      name,
      description: '',
      number,
      tvgId: null,
      channelGenreId: 1,
      parental: 2,
      isAdult: 0,
      tstv: 0,
      epg: 1,
      catchupHours: 0,
      catchupMode: null,
      catchupSource: null,
      fingerprint: 0,
      fingerprintFrequency: 300,
      fingerprintDuration: 30,
      fingerprintPosition: 'random',
      fingerprintFontSize: FINGERPRINT_STYLE_DEFAULTS.fontSize,
      fingerprintColor: FINGERPRINT_STYLE_DEFAULTS.color,
      fingerprintBackground: FINGERPRINT_STYLE_DEFAULTS.background,
      streamSource: 'origin',
      streamUrl: null,
      streamProtocol: 'dash',
      alternateStreams: null,
      clipKey: clipKeyFor(0, id),
      logoUrl: null,
      packageId: BASIC_PACKAGE_ID,
      guideSource: 'import',
      searchTitle: normalizeForSearch(name),
      updatedAt: now,
      enabled: 1,
      kind: 'tv',
      guideShiftMinutes: 0,
      streamUserAgent: null,
      streamReferrer: null,
    };
  }

  async replaceGuide(batch: readonly GuideWindow[]): Promise<GuideCounts> {
    const counts: GuideCounts = { inserted: 0, removed: 0, unchanged: 0 };
    if (batch.length === 0) return counts;
    const announce = this.clock.now() - this.announcedAt >= this.announceEveryMs;
    await this.repo.transaction(async (trx) => {
      const genreOf = await this.genreMatcher(trx);
      let nextId = (await this.repo.maxEventId(trx)) + 1;
      let longest = 0;
      const inserts: NewEvent[] = [];
      const stale: number[] = [];
      for (const window of batch) {
        const existing = await this.repo.eventsOverlapping(trx, window.channelId, window.from, window.to);
        const byStart = new Map(existing.map((e) => [e.startTime, e]));
        const kept = new Set<number>();
        for (const p of window.programmes) {
          longest = Math.max(longest, p.endTime - p.startTime);
          const fields = eventFields(p, genreOf(p.categories));
          const old = byStart.get(p.startTime);
          if (!old) {
            inserts.push({ id: nextId++, channelId: window.channelId, startTime: p.startTime, ...fields });
            counts.inserted++;
            continue;
          }
          kept.add(old.id);
          if (sameEvent(old, fields)) counts.unchanged++;
          else {
            await this.repo.updateEvent(trx, old.id, fields);
            counts.inserted++;
            counts.removed++;
          }
        }
        for (const e of existing) if (!kept.has(e.id)) stale.push(e.id);
      }
      await this.repo.deleteEvents(trx, stale);
      counts.removed += stale.length;
      await this.repo.insertEvents(trx, inserts);
      if (counts.inserted + counts.removed > 0) await this.repo.guideChanged(trx, longest, announce);
    });
    if (counts.inserted + counts.removed > 0) {
      if (announce) this.announcedAt = this.clock.now();
      this.unannounced = !announce;
    }
    return counts;
  }

  guideImported(): void {
    this.genres = null;
    void this.reference.invalidate('changes');
  }

  /** Genres by normalised name, read once per import (they change only with the reference seed). */
  private genres: Promise<Map<string, { id: number; parentId: number | null }>> | null = null;

  /** The genre of a programme: the first category naming one (sections win over subgenres of the same name). */
  private async genreMatcher(
    trx: CatalogueTrx,
  ): Promise<(categories: string[]) => { id: number; parentId: number | null } | undefined> {
    this.genres ??= this.repo.genres(trx).then((genres) => {
      const byName = new Map<string, { id: number; parentId: number | null }>();
      // 'Cine' is the section, not AMC's Cine.
      for (const g of [...genres].sort((a, b) => (a.parentId === null ? 0 : 1) - (b.parentId === null ? 0 : 1))) {
        const key = normalizeForSearch(g.name);
        if (!byName.has(key)) byName.set(key, { id: g.id, parentId: g.parentId });
      }
      return byName;
    });
    const byName = await this.genres.catch((error: unknown) => {
      this.genres = null;
      throw error;
    });
    return (categories) => categories.map((c) => byName.get(normalizeForSearch(c))).find((g) => g !== undefined);
  }
}

/** A programme as the events table stores it. */
function eventFields(p: ImportProgramme, genre: { id: number; parentId: number | null } | undefined): EventFields {
  const parental = p.adult ? 7 : 2;
  return {
    endTime: p.endTime,
    title: p.title,
    subtitle: p.subtitle,
    description: p.description,
    parental,
    rating: parental,
    ageRating: p.adult ? '18' : p.ageRating,
    country: p.country,
    year: p.year,
    genreId: genre?.id ?? null,
    sectionId: genre ? (genre.parentId ?? genre.id) : null,
    categories: JSON.stringify(p.categories),
    director: p.directors.join(', '),
    actors: JSON.stringify(p.actors.slice(0, 8).map((name) => ({ name, url: null }))),
    // Its one language is its own columns (mappers.ts answers them as such): not stored twice.
    languages: '[]',
    imageUrl: p.imageUrl,
    posterUrl: p.imageUrl,
    episodeNum: p.episodeNum,
    previouslyShown: p.previouslyShown ? 1 : 0,
    endUnknown: p.endUnknown ? 1 : 0,
    packageId: null,
    ppvPriceCents: null,
    featured: 0,
    source: 'import',
    searchTitle: normalizeForSearch(p.title),
    searchText: normalizeForSearch(`${p.title} ${p.subtitle} ${p.description}`),
  };
}
