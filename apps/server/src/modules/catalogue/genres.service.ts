import {
  GENRE_ADULT,
  GENRE_AMC,
  GENRE_CHANNELS,
  GENRE_CINE,
  GENRE_DEPORTES,
  GENRE_DOCUMENTALES,
  GENRE_INFANTIL,
  type Genre,
  type GenreListingResponse,
} from '@pantalla/contracts';
import { notFound } from '../../platform/errors';
import type { Cache, CacheRegistry } from '../../platform/cache';
import type { Clock } from '../../platform/clock';
import { kidsMayChannel, kidsRefused, type CatalogueService, type KidsLevel, type Viewer } from './catalogue.service';
import type { GuideService } from './guide.service';
import type { GenreRow } from './tables';

const HOUR = 3600000;
const DAY = 24 * HOUR;
const COUNTS_TTL_MS = 60000;

/** Channel genres whose channels a section's page lists (Cine shows the cine channels, ...). */
const SECTION_CHANNEL_GENRES: Record<number, number[]> = {
  [GENRE_CINE]: [2],
  [GENRE_DEPORTES]: [4],
  [GENRE_DOCUMENTALES]: [6],
  [GENRE_INFANTIL]: [7],
  500: [3],
  [GENRE_ADULT]: [10],
};
/** Channels of AMC a la carta. */
const AMC_CHANNELS = [15];

/** Genre pages: listings by genre and subgenre, and item counts (the sports panel dims empty ones). */
export class GenresService {
  /** Per audience: 'adult', or 'kids:<level>' (a kids profile counts only what it may open). */
  private readonly counts: Cache<string, Map<number, number>>;

  constructor(
    private readonly clock: Clock,
    private readonly catalogue: CatalogueService,
    private readonly guide: GuideService,
    caches: CacheRegistry,
  ) {
    this.counts = caches.create('catalogue.genre-counts', { max: 8, ttlMs: COUNTS_TTL_MS });
  }

  private itemCounts(now: number, kids: KidsLevel): Promise<Map<number, number>> {
    return this.counts.get(kids === null ? 'adult' : `kids:${kids}`, async () => {
      const [content, events] = await Promise.all([
        this.catalogue.repo.contentCountsByGenre(kids),
        this.guide.repo.eventCountsByGenre(now - 7 * DAY, now + 2 * DAY, kids),
      ]);
      const value = new Map(events);
      for (const r of content) value.set(r.genreId, (value.get(r.genreId) ?? 0) + Number(r.n));
      return value;
    });
  }

  private toGenre(g: GenreRow, counts: Map<number, number>, channelCount: number): Genre {
    return {
      id: g.id,
      ds: g.name,
      logo: `/api/v1/images/genre/${g.id}/logo.svg`,
      kind: g.kind,
      parentId: g.parentId,
      itemCount: g.id === GENRE_CHANNELS ? channelCount : (counts.get(g.id) ?? 0),
    };
  }

  async list(kind: Genre['kind'] | undefined, kids: KidsLevel = null): Promise<Genre[]> {
    const now = this.clock.now();
    const [ref, counts] = await Promise.all([this.catalogue.reference.get(), this.itemCounts(now, kids)]);
    const channelCount = ref.channels.filter((c) => kidsMayChannel(kids, c)).length;
    return ref.genres
      .filter((g) => kind === undefined || g.kind === kind)
      .filter((g) => kids === null || !isAdultGenre(g))
      .map((g) => this.toGenre(g, counts, channelCount));
  }

  async listing(
    userId: number,
    id: number,
    subgenreId: number | undefined,
    kids: KidsLevel = null,
  ): Promise<GenreListingResponse> {
    const v = await this.catalogue.viewer(userId, kids);
    const row = v.ref.genreById.get(id);
    if (!row) throw notFound('No existe ese género.');
    // The adult section and its subgenres are refused to a kids profile whole, not shown empty.
    const sub = subgenreId === undefined ? undefined : v.ref.genreById.get(subgenreId);
    if (kids !== null && (isAdultGenre(row) || (sub !== undefined && isAdultGenre(sub)))) throw kidsRefused();
    const counts = await this.itemCounts(v.now, kids);
    const genre = this.toGenre(row, counts, v.ref.channels.filter((c) => kidsMayChannel(kids, c)).length);
    const empty = { genre, subgenres: [], events: [], vods: [], series: [], channels: [], channelGenres: [] };

    if (id === GENRE_CHANNELS) {
      const channels = v.ref.channels.filter(
        (c) => (subgenreId === undefined || c.channelGenreId === subgenreId) && kidsMayChannel(kids, c),
      );
      return {
        ...empty,
        channels: channels.map((c) => this.catalogue.channel(v, c)),
        channelGenres: v.ref.channelGenres,
      };
    }
    const subgenres = v.ref.genres
      .filter((g) => g.parentId === id && (counts.get(g.id) ?? 0) > 0)
      .map((g) => this.toGenre(g, counts, 0));
    if (subgenreId !== undefined && !v.ref.genreById.has(subgenreId)) throw notFound('No existe ese subgénero.');
    const target = subgenreId ?? id;
    return { ...empty, subgenres, ...(await this.itemsOf(v, id, target)) };
  }

  private async itemsOf(v: Viewer, sectionId: number, target: number) {
    const [films, series, eventRows] = await Promise.all([
      this.catalogue.repo.filmsInGenre(target, 300),
      this.catalogue.repo.seriesInGenre(target, 100),
      this.guide.repo.eventsOfGenre(target, v.now - 24 * HOUR, v.now + 48 * HOUR, 200),
    ]);
    const channelIds = sectionId === GENRE_AMC ? AMC_CHANNELS : null;
    const channelGenres = SECTION_CHANNEL_GENRES[sectionId] ?? [];
    const channels = v.ref.channels.filter(
      (c) =>
        (channelIds ? channelIds.includes(c.id) : channelGenres.includes(c.channelGenreId)) &&
        kidsMayChannel(v.kids, c),
    );
    return {
      vods: await this.catalogue.films(v, films),
      series: await this.catalogue.series(v, series),
      events: eventRows.filter((r) => this.catalogue.seesEvent(v, r)).map((r) => this.catalogue.event(v, r)),
      channels: channels.map((c) => this.catalogue.channel(v, c)),
    };
  }
}

/** The adult section, its subgenres and the adult kind: never listed to a kids profile. */
function isAdultGenre(g: GenreRow): boolean {
  return g.id === GENRE_ADULT || g.parentId === GENRE_ADULT || g.kind === 'adult';
}
