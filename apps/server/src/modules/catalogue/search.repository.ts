import { sql, type Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { ChannelRow, FilmRow, SeriesRow, CatalogueTables } from './tables';
import type { CompactEventRow } from './guide.repository';

/** A hit's rank: 0 title starts with the term, 1 a title word does, 2 the title contains it, 3 only the other texts do. */
export type Ranked<T> = T & { rank: number };

/**
 * SQL of search. Terms arrive normalised (letters, digits and single spaces only, see
 * search-text.ts), so they hold no LIKE wildcard and compare against the normalised columns.
 */
export class SearchRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  private rank(term: string, withText: boolean) {
    return withText
      ? sql<number>`case when search_title like ${`${term}%`} then 0 when search_title like ${`% ${term}%`} then 1 when search_title like ${`%${term}%`} then 2 else 3 end`
      : sql<number>`case when search_title like ${`${term}%`} then 0 when search_title like ${`% ${term}%`} then 1 else 2 end`;
  }

  films(term: string, limit: number): Promise<Ranked<FilmRow>[]> {
    return this.k
      .selectFrom('films')
      .selectAll()
      .select(this.rank(term, true).as('rank'))
      .where('searchText', 'like', `%${term}%`)
      .where('parental', '<>', 7)
      .orderBy('rank')
      .orderBy('popularity', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  series(term: string, limit: number): Promise<Ranked<SeriesRow>[]> {
    return this.k
      .selectFrom('series')
      .selectAll()
      .select(this.rank(term, true).as('rank'))
      .where('searchText', 'like', `%${term}%`)
      .where('parental', '<>', 7)
      .orderBy('rank')
      .orderBy('popularity', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  channels(term: string, limit: number): Promise<Ranked<ChannelRow>[]> {
    // A list's radio is no TV channel (issue 31).
    return this.k
      .selectFrom('channels')
      .selectAll()
      .select(this.rank(term, false).as('rank'))
      .where('searchTitle', 'like', `%${term}%`)
      .where('isAdult', '=', 0)
      .where('kind', '<>', 'radio')
      .orderBy('rank')
      .orderBy('number')
      .limit(limit)
      .execute();
  }

  /** Guide programmes by title within [from, to) of start time; a radio's are not found (issue 31). */
  events(term: string, from: number, to: number, limit: number): Promise<Ranked<CompactEventRow>[]> {
    const radios = this.k.selectFrom('channels').select('id').where('kind', '=', 'radio');
    return this.k
      .selectFrom('events')
      .select([
        'id',
        'channelId',
        'startTime',
        'endTime',
        'title',
        'subtitle',
        'description',
        'parental',
        'genreId',
        'sectionId',
        'imageUrl',
        'packageId',
        'ppvPriceCents',
      ])
      .select(this.rank(term, false).as('rank'))
      .where('searchTitle', 'like', `%${term}%`)
      .where('parental', '<>', 7)
      .where('channelId', 'not in', radios)
      .where('startTime', '>=', from)
      .where('startTime', '<', to)
      .orderBy('rank')
      .orderBy('startTime')
      .limit(limit)
      .execute();
  }
}
