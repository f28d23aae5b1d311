import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { CatalogueTables } from './tables';

/** A guide programme as recordings see it: enough to match a series rule and to file a recording. */
export interface GuideProgramme {
  id: number;
  channelId: number;
  startTime: number;
  endTime: number;
  title: string;
  subtitle: string;
  description: string;
  /** Season/episode label from the source; empty when none. */
  episodeNum: string;
  /** 1: the guide says it was shown before (XMLTV previously-shown). */
  previouslyShown?: number | null;
  /** Its rating, genre and section: what a kids profile may record or be reminded of (issue 30). */
  parental?: number;
  genreId?: number | null;
  sectionId?: number | null;
}

/** The guide read for recordings (issue 29): one programme, some by id, or all from a start in pages. */
export interface RecordableGuide {
  programme(id: number): Promise<GuideProgramme | undefined>;
  programmes(ids: readonly number[]): Promise<GuideProgramme[]>;
  /** Programmes starting at or after `from`, by (start, id), after `after` (exclusive), at most `limit`. */
  page(from: number, after: { startTime: number; id: number } | null, limit: number): Promise<GuideProgramme[]>;
}

const COLUMNS = [
  'id',
  'channelId',
  'startTime',
  'endTime',
  'title',
  'subtitle',
  'description',
  'episodeNum',
  'previouslyShown',
  'parental',
  'genreId',
  'sectionId',
] as const;
const IN_CHUNK = 500;

export class RecordableGuideRepository implements RecordableGuide {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  programme(id: number): Promise<GuideProgramme | undefined> {
    return this.k.selectFrom('events').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  async programmes(ids: readonly number[]): Promise<GuideProgramme[]> {
    const out: GuideProgramme[] = [];
    for (let i = 0; i < ids.length; i += IN_CHUNK) {
      const chunk = ids.slice(i, i + IN_CHUNK);
      if (chunk.length > 0)
        out.push(...(await this.k.selectFrom('events').select(COLUMNS).where('id', 'in', chunk).execute()));
    }
    return out;
  }

  page(from: number, after: { startTime: number; id: number } | null, limit: number): Promise<GuideProgramme[]> {
    let q = this.k.selectFrom('events').select(COLUMNS).where('startTime', '>=', from);
    if (after)
      q = q.where((eb) =>
        eb.or([
          eb('startTime', '>', after.startTime),
          eb.and([eb('startTime', '=', after.startTime), eb('id', '>', after.id)]),
        ]),
      );
    return q.orderBy('startTime').orderBy('id').limit(limit).execute();
  }
}
