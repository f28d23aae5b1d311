import type { Kysely } from 'kysely';
import { GENRE_ADULT } from '@pantalla/contracts';
import type { Db } from '../../platform/database';
import type {
  ChannelRow,
  EpisodeRow,
  FilmRow,
  GenreRow,
  ListItemRow,
  ListRow,
  ScreenRow,
  SeasonRow,
  SeriesRow,
  CatalogueTables,
} from './tables';

/** Aggregates of the reference data: channels (count, last change), genres and channel groups (counts). */
export interface ReferenceStamp {
  channels: number;
  updatedAt: number;
  genres: number;
  groups: number;
}

/** The highest rating a kids profile may ever see, whatever its level (7 is adult content). */
const ADULT_RATING_MAX_FOR_KIDS = 6;

/** SQL of the catalogue's reference data: lineups, channels, genres, films, series, screens and lists. */
export class CatalogueRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  listLineups() {
    return this.k.selectFrom('lineups').selectAll().orderBy('id').execute();
  }

  lineupById(id: number) {
    return this.k.selectFrom('lineups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  lineupItems(lineupId: number) {
    return this.k.selectFrom('lineupItems').selectAll().where('lineupId', '=', lineupId).orderBy('position').execute();
  }

  listChannels(): Promise<ChannelRow[]> {
    return this.k.selectFrom('channels').selectAll().orderBy('number').orderBy('id').execute();
  }

  /**
   * Aggregates that change whenever channels, genres or channel groups do (every change the
   * server makes to a channel sets its updated_at or adds one): reading them costs a
   * fraction of reading every channel.
   */
  async referenceStamp(): Promise<ReferenceStamp> {
    const [channels, genres, groups] = await Promise.all([
      this.k
        .selectFrom('channels')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updatedAt').as('u')])
        .executeTakeFirst(),
      this.k
        .selectFrom('genres')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
      this.k
        .selectFrom('channelGenres')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ]);
    return {
      channels: Number(channels?.n ?? 0),
      updatedAt: Number(channels?.u ?? 0),
      genres: Number(genres?.n ?? 0),
      groups: Number(groups?.n ?? 0),
    };
  }

  /**
   * Channels added or changed at or after `at` (ms), what a reader merges into the channels
   * it holds, with the channel count as the same statement saw it (null when none changed):
   * a writer on another connection may commit between two statements.
   */
  async channelsUpdatedSince(at: number): Promise<{ rows: ChannelRow[]; count: number | null }> {
    const found = await this.k
      .selectFrom('channels')
      .selectAll()
      .select((eb) => eb.selectFrom('channels as all').select(eb.fn.countAll<number>().as('n')).as('totalChannels'))
      .where('updatedAt', '>=', at)
      .execute();
    const rows = found.map(({ totalChannels: _total, ...row }) => row);
    return { rows, count: found.length > 0 ? Number(found[0]?.totalChannels) : null };
  }

  listChannelGenres() {
    return this.k.selectFrom('channelGenres').select(['id', 'name']).orderBy('position').orderBy('id').execute();
  }

  listGenres(): Promise<GenreRow[]> {
    return this.k.selectFrom('genres').selectAll().orderBy('position').orderBy('id').execute();
  }

  /** How many films and series each genre holds. */
  /** Films and series per genre; for a kids profile at `kids`, only those it may open (as filmsFor and kidsMay). */
  async contentCountsByGenre(kids: number | null = null): Promise<{ genreId: number; n: number }[]> {
    if (kids === null)
      return this.k
        .selectFrom('contentGenres')
        .select(['genreId', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('genreId')
        .execute();
    const max = Math.min(kids, ADULT_RATING_MAX_FOR_KIDS);
    // Typed as films: only the columns films and series share (id, parental) are read.
    const countOf = (table: 'films' | 'series', type: 'film' | 'series') =>
      this.k
        .selectFrom('contentGenres as cg')
        .innerJoin(`${table} as t` as 'films as t', (j) =>
          j.onRef('t.id', '=', 'cg.contentId').on('cg.contentType', '=', type),
        )
        .select(['cg.genreId', (eb) => eb.fn.countAll<number>().as('n')])
        .where('t.parental', '<=', max)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('contentGenres as adult')
                .select('adult.contentId')
                .whereRef('adult.contentId', '=', 't.id')
                .where('adult.contentType', '=', type)
                .where('adult.genreId', '=', GENRE_ADULT),
            ),
          ),
        )
        .groupBy('cg.genreId')
        .execute();
    const [films, series] = await Promise.all([countOf('films', 'film'), countOf('series', 'series')]);
    const byGenre = new Map<number, number>();
    for (const r of [...films, ...series]) byGenre.set(r.genreId, (byGenre.get(r.genreId) ?? 0) + Number(r.n));
    return [...byGenre].map(([genreId, n]) => ({ genreId, n }));
  }

  /** Films a kids profile at `kids` may see (rated at most that, never 7, none in the adult section); every film for null. */
  private filmsFor(kids: number | null) {
    const all = this.k.selectFrom('films');
    if (kids === null) return all;
    return all
      .where('films.parental', '<=', Math.min(kids, ADULT_RATING_MAX_FOR_KIDS))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('contentGenres as cg')
              .select('cg.contentId')
              .whereRef('cg.contentId', '=', 'films.id')
              .where('cg.contentType', '=', 'film')
              .where('cg.genreId', '=', GENRE_ADULT),
          ),
        ),
      );
  }

  countFilms(kids: number | null = null): Promise<number> {
    return this.filmsFor(kids)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  listFilms(limit: number, offset: number, kids: number | null = null): Promise<FilmRow[]> {
    return this.filmsFor(kids).selectAll('films').orderBy('films.id').limit(limit).offset(offset).execute();
  }

  filmById(id: number): Promise<FilmRow | undefined> {
    return this.k.selectFrom('films').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async filmsByIds(ids: number[]): Promise<FilmRow[]> {
    if (ids.length === 0) return [];
    return this.k.selectFrom('films').selectAll().where('id', 'in', ids).execute();
  }

  filmsInGenre(genreId: number, limit: number): Promise<FilmRow[]> {
    return this.k
      .selectFrom('films')
      .innerJoin('contentGenres as cg', (j) =>
        j.onRef('cg.contentId', '=', 'films.id').on('cg.contentType', '=', 'film'),
      )
      .selectAll('films')
      .where('cg.genreId', '=', genreId)
      .orderBy('films.popularity', 'desc')
      .orderBy('films.id')
      .limit(limit)
      .execute();
  }

  listSeries(): Promise<SeriesRow[]> {
    return this.k.selectFrom('series').selectAll().orderBy('id').execute();
  }

  seriesById(id: number): Promise<SeriesRow | undefined> {
    return this.k.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async seriesByIds(ids: number[]): Promise<SeriesRow[]> {
    if (ids.length === 0) return [];
    return this.k.selectFrom('series').selectAll().where('id', 'in', ids).execute();
  }

  seriesInGenre(genreId: number, limit: number): Promise<SeriesRow[]> {
    return this.k
      .selectFrom('series')
      .innerJoin('contentGenres as cg', (j) =>
        j.onRef('cg.contentId', '=', 'series.id').on('cg.contentType', '=', 'series'),
      )
      .selectAll('series')
      .where('cg.genreId', '=', genreId)
      .orderBy('series.popularity', 'desc')
      .orderBy('series.id')
      .limit(limit)
      .execute();
  }

  /** Season counts per series. */
  async seasonCounts(seriesIds: number[]): Promise<Map<number, number>> {
    if (seriesIds.length === 0) return new Map();
    const rows = await this.k
      .selectFrom('seasons')
      .select(['seriesId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('seriesId', 'in', seriesIds)
      .groupBy('seriesId')
      .execute();
    return new Map(rows.map((r) => [r.seriesId, Number(r.n)]));
  }

  seasonsOfSeries(seriesId: number): Promise<SeasonRow[]> {
    return this.k.selectFrom('seasons').selectAll().where('seriesId', '=', seriesId).orderBy('seasonNumber').execute();
  }

  seasonById(id: number): Promise<SeasonRow | undefined> {
    return this.k.selectFrom('seasons').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Episode counts per season. */
  async episodeCounts(seasonIds: number[]): Promise<Map<number, number>> {
    if (seasonIds.length === 0) return new Map();
    const rows = await this.k
      .selectFrom('episodes')
      .select(['seasonId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('seasonId', 'in', seasonIds)
      .groupBy('seasonId')
      .execute();
    return new Map(rows.map((r) => [r.seasonId, Number(r.n)]));
  }

  episodesOfSeason(seasonId: number): Promise<EpisodeRow[]> {
    return this.k
      .selectFrom('episodes')
      .selectAll()
      .where('seasonId', '=', seasonId)
      .orderBy('episodeNumber')
      .execute();
  }

  async episodesByIds(ids: number[]): Promise<EpisodeRow[]> {
    if (ids.length === 0) return [];
    return this.k.selectFrom('episodes').selectAll().where('id', 'in', ids).execute();
  }

  /** Genre ids of films or series. */
  async genresOf(contentType: 'film' | 'series', ids: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (ids.length === 0) return out;
    const rows = await this.k
      .selectFrom('contentGenres')
      .select(['contentId', 'genreId'])
      .where('contentType', '=', contentType)
      .where('contentId', 'in', ids)
      .orderBy('contentId')
      .orderBy('genreId')
      .execute();
    for (const r of rows) {
      const list = out.get(r.contentId) ?? [];
      list.push(r.genreId);
      out.set(r.contentId, list);
    }
    return out;
  }

  listScreens(): Promise<ScreenRow[]> {
    return this.k.selectFrom('screens').selectAll().orderBy('ordinal').execute();
  }

  listsOfGroup(listGroupId: number): Promise<ListRow[]> {
    return this.k.selectFrom('lists').selectAll().where('listGroupId', '=', listGroupId).orderBy('pos').execute();
  }

  listById(id: number): Promise<ListRow | undefined> {
    return this.k.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async itemsOfLists(listIds: number[]): Promise<ListItemRow[]> {
    if (listIds.length === 0) return [];
    return this.k
      .selectFrom('listItems')
      .selectAll()
      .where('listId', 'in', listIds)
      .orderBy('listId')
      .orderBy('position')
      .execute();
  }
}
