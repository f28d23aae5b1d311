import type { Kysely } from 'kysely';
import type { Db } from '../../../platform/database';
import type { CatalogueTables } from '../tables';

/** An airing as the guide search lists it. */
export interface AiringRow {
  id: number;
  channelId: number;
  startTime: number;
  endTime: number;
  title: string;
  subtitle: string;
  parental: number;
  searchTitle: string;
}

/** Rows one search reads at most (a few dozen titles, a week of airings each). */
const AIRINGS_MAX = 2000;

/** The guide's titles and airings for the guide search (normalised titles: search-text.ts). */
export class GuideSearchRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  /**
   * Distinct normalised titles of programmes ending after `since`, from the index alone (a
   * million rows read for their rating took 5.6 s; the airings leave rating 7 out anyway).
   */
  async titles(since: number): Promise<string[]> {
    const rows = await this.k
      .selectFrom('events')
      .select('searchTitle')
      .distinct()
      .where('endTime', '>', since)
      .execute();
    return rows.map((r) => r.searchTitle).filter(Boolean);
  }

  /** Airings of these titles ending after `since`, by start. */
  airings(titles: readonly string[], since: number): Promise<AiringRow[]> {
    if (titles.length === 0) return Promise.resolve([]);
    return this.k
      .selectFrom('events')
      .select(['id', 'channelId', 'startTime', 'endTime', 'title', 'subtitle', 'parental', 'searchTitle'])
      .where('searchTitle', 'in', [...titles])
      .where('endTime', '>', since)
      .where('parental', '<>', 7)
      .orderBy('startTime')
      .orderBy('id')
      .limit(AIRINGS_MAX)
      .execute();
  }
}
