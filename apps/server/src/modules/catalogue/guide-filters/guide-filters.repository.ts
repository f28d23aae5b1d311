import type { Kysely } from 'kysely';
import type { GuideGroup } from '@pantalla/contracts';
import type { Db } from '../../../platform/database';
import type { KidsLevel } from '../catalogue.service';
import type { CatalogueTables } from '../tables';

/** How far back a programme may start and still be on in a window (the longest a guide airs one). */
export const LONGEST_PROGRAMME_MS = 24 * 3600_000;
/** Rating 7: adult programmes never name their channels to a genre filter. */
const ADULT_RATING = 7;

/** What the guide's group and genre filters read (issue 30). */
export class GuideFiltersRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  /**
   * Channel groups with listed TV channels, the largest first, one page of them, and how many there are.
   * A kids profile counts only the channels it may see, so a group of adult channels is not named to it.
   */
  async groups(
    limit: number,
    offset: number,
    kids: KidsLevel = null,
  ): Promise<{ groups: GuideGroup[]; total: number }> {
    let counted = this.k
      .selectFrom('channels')
      .innerJoin('channelGenres', 'channelGenres.id', 'channels.channelGenreId')
      .where('channels.enabled', '<>', 0)
      .where('channels.kind', '<>', 'radio');
    if (kids !== null)
      counted = counted
        .where('channels.isAdult', '=', 0)
        .where('channels.parental', '<', ADULT_RATING)
        .where('channels.parental', '<=', kids);
    const [rows, total] = await Promise.all([
      counted
        .select(['channelGenres.id', 'channelGenres.name', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['channelGenres.id', 'channelGenres.name'])
        .orderBy('n', 'desc')
        .orderBy('channelGenres.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      counted.select((eb) => eb.fn.count<number>('channelGenres.id').distinct().as('n')).executeTakeFirst(),
    ]);
    return {
      groups: rows.map((r) => ({ id: r.id, name: r.name, channels: Number(r.n) })),
      total: Number(total?.n ?? 0),
    };
  }

  /**
   * Channels airing a programme of the genre (its section or its own genre) in [from, to): two
   * index ranges (section, start) and (genre, start), the channel ids alone answered.
   */
  async genreChannels(genreId: number, from: number, to: number, kids: KidsLevel = null): Promise<number[]> {
    // A kids profile's filter names a channel only for a programme it may see.
    const highest = kids === null ? ADULT_RATING - 1 : Math.min(kids, ADULT_RATING - 1);
    const ids = new Set<number>();
    for (const column of ['sectionId', 'genreId'] as const) {
      const rows = await this.k
        .selectFrom('events')
        .select('channelId')
        .distinct()
        .where(column, '=', genreId)
        .where('startTime', '>=', from - LONGEST_PROGRAMME_MS)
        .where('startTime', '<', to)
        .where('endTime', '>', from)
        .where('parental', '<=', highest)
        .execute();
      for (const r of rows) ids.add(r.channelId);
    }
    return [...ids].sort((a, b) => a - b);
  }
}
