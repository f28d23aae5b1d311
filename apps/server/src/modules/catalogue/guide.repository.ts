import { sql, type Kysely } from 'kysely';
import { GENRE_ADULT } from '@pantalla/contracts';
import type { Db, DialectName } from '../../platform/database';
import type { EventRow, CatalogueTables } from './tables';

/** The columns the compact event form needs (no credits or languages): keeps the window query light. */
const COMPACT = [
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
] as const;
export type CompactEventRow = Pick<EventRow, (typeof COMPACT)[number]>;

/** The window query for arrays, its columns in COMPACT's order: every channel, or a list of them (one text whatever the list). */
const WINDOW_COLUMNS =
  'select id, channel_id, start_time, end_time, title, subtitle, description, parental, genre_id, section_id, image_url, package_id, ppv_price_cents from events';
const WINDOW_ARRAYS = {
  sqlite: {
    // Every channel's range on (channel_id, start_time), channel after channel: the rows come
    // in the order asked, where the (start_time, end_time) range needed a sort (47 against 59 ms
    // at 2,000 channels). Every programme has its channel (foreign key, cascading).
    all: `${WINDOW_COLUMNS} where channel_id in (select id from channels order by id) and start_time >= ? and start_time < ? and end_time > ? order by channel_id, start_time`,
    some: `${WINDOW_COLUMNS} where start_time >= ? and start_time < ? and end_time > ? and channel_id in (select value from json_each(?)) order by channel_id, start_time`,
  },
  postgres: {
    all: `${WINDOW_COLUMNS} where start_time >= $1 and start_time < $2 and end_time > $3 order by channel_id, start_time`,
    some: `${WINDOW_COLUMNS} where start_time >= $1 and start_time < $2 and end_time > $3 and channel_id = any($4::int[]) order by channel_id, start_time`,
  },
} as const;

/**
 * A block's programmes on SQLite, a range of channels at a time: better-sqlite3 holds the
 * server's thread for a whole statement, and a block at 10,000 channels (22,000 programmes)
 * held it for hundreds of milliseconds under load, every request waiting behind it.
 */
const PIECE_SQLITE = `${WINDOW_COLUMNS} where channel_id in (select id from channels where id >= ? and id <= ? order by id) and start_time >= ? and start_time < ? and end_time > ? order by channel_id, start_time`;
/** Channels per piece: about 2,000 programmes of a three-hour block, tens of milliseconds. */
const PIECE_CHANNELS = 1000;
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How many programmes air at an instant on a list of channels (the window query's bounds). */
const LIVE_COUNT = {
  sqlite:
    'select count(*) from events where start_time >= ? and start_time < ? and end_time > ? and channel_id in (select value from json_each(?))',
  postgres:
    'select count(*) from events where start_time >= $1 and start_time < $2 and end_time > $3 and channel_id = any($4::int[])',
} as const;

/** A list of channel ids as the dialect's array query takes it (json_each on SQLite, any() on PostgreSQL). */
function channelList(dialect: DialectName, ids: number[]): unknown {
  return dialect === 'sqlite' ? JSON.stringify(ids) : ids;
}

/** A row of the window query answered as an array. */
function compactOf(r: unknown[]): CompactEventRow {
  return {
    id: r[0] as number,
    channelId: r[1] as number,
    startTime: r[2] as number,
    endTime: r[3] as number,
    title: r[4] as string,
    subtitle: r[5] as CompactEventRow['subtitle'],
    description: r[6] as CompactEventRow['description'],
    parental: r[7] as number,
    genreId: r[8] as CompactEventRow['genreId'],
    sectionId: r[9] as CompactEventRow['sectionId'],
    imageUrl: r[10] as CompactEventRow['imageUrl'],
    packageId: r[11] as CompactEventRow['packageId'],
    ppvPriceCents: r[12] as CompactEventRow['ppvPriceCents'],
  };
}

/** SQL of the guide: events by window, channel-day, genre, and the catalogue's meta values. */
export class GuideRepository {
  constructor(
    private readonly db: Db,
    private readonly pieceChannels = PIECE_CHANNELS,
  ) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  async meta(key: string): Promise<string | undefined> {
    return (await this.k.selectFrom('catalogueMeta').select('value').where('key', '=', key).executeTakeFirst())?.value;
  }

  /**
   * Events overlapping [start, end). start_time is bounded below by start − longest
   * programme, so the (start_time, end_time) index does all the work.
   */
  eventsInWindow(
    start: number,
    end: number,
    maxEventMs: number,
    channelIds: number[] | null,
  ): Promise<CompactEventRow[]> {
    return this.startingIn(start - maxEventMs, end, start, channelIds);
  }

  /** Every channel's programmes starting in [from, to), by channel and start. */
  async eventsStartingIn(from: number, to: number): Promise<CompactEventRow[]> {
    // end ≥ start ≥ from: a bound every row meets, in whole milliseconds.
    const { selectArrays } = this.db;
    if (this.db.dialect !== 'sqlite' || !selectArrays) return this.startingIn(from, to, from - 1, null);
    const ids = (await selectArrays('select id from channels order by id', [])).map((r) => r[0] as number);
    const rows: CompactEventRow[] = [];
    // Requests run between the pieces; each piece is whole for its channels.
    for (let i = 0; i < ids.length; i += this.pieceChannels) {
      if (i > 0) await letOthersRun();
      const last = ids[Math.min(i + this.pieceChannels, ids.length) - 1];
      for (const r of await selectArrays(PIECE_SQLITE, [ids[i], last, from, to, from - 1])) rows.push(compactOf(r));
    }
    return rows;
  }

  /** Programmes starting in [from, to) and ending after `endAfter`, by channel and start. */
  private async startingIn(
    from: number,
    to: number,
    endAfter: number,
    channelIds: number[] | null,
  ): Promise<CompactEventRow[]> {
    const ids = channelIds && (channelIds.length > 0 ? channelIds : [-1]);
    if (this.db.selectArrays) {
      const text = WINDOW_ARRAYS[this.db.dialect];
      const rows = await this.db.selectArrays(ids ? text.some : text.all, [
        from,
        to,
        endAfter,
        ...(ids ? [channelList(this.db.dialect, ids)] : []),
      ]);
      return rows.map(compactOf);
    }
    // The hottest query: written out with camelCase aliases and run without the CamelCase
    // plugin, whose per-row key mapping cost 20-45% of its time in the catalogue bench.
    const channels = ids ? sql`and channel_id in (${sql.join(ids)})` : sql``;
    const result =
      await sql<CompactEventRow>`select id, channel_id as "channelId", start_time as "startTime", end_time as "endTime", title, subtitle,
        description, parental, genre_id as "genreId", section_id as "sectionId", image_url as "imageUrl", package_id as "packageId",
        ppv_price_cents as "ppvPriceCents"
      from events
      where start_time >= ${from} and start_time < ${to} and end_time > ${endAfter} ${channels}
      order by channel_id, start_time`.execute(this.k.withoutPlugins());
    return result.rows;
  }

  /** Full rows of one channel overlapping [start, end), by start. */
  channelEvents(channelId: number, start: number, end: number, maxEventMs: number): Promise<EventRow[]> {
    return this.k
      .selectFrom('events')
      .selectAll()
      .where('channelId', '=', channelId)
      .where('startTime', '>=', start - maxEventMs)
      .where('startTime', '<', end)
      .where('endTime', '>', start)
      .orderBy('startTime')
      .execute();
  }

  /**
   * Programmes in catch-up at `now`: on a channel with catch-up hours, ended (after
   * `endedAfter`), started within those hours. Newest first, at most `limit`.
   */
  catchupEvents(
    now: number,
    endedAfter: number,
    limit: number,
  ): Promise<Pick<EventRow, 'id' | 'channelId' | 'title' | 'startTime' | 'endTime'>[]> {
    return (
      this.k
        .selectFrom('events')
        .innerJoin('channels', 'channels.id', 'events.channelId')
        .select(['events.id', 'events.channelId', 'events.title', 'events.startTime', 'events.endTime'])
        .where('channels.catchupHours', '>', 0)
        .where('events.endTime', '<=', now)
        .where('events.endTime', '>', endedAfter)
        // start + hours >= now, with the bigint column on the left so PostgreSQL types `now` as bigint.
        .where((eb) => eb(eb('events.startTime', '+', eb('channels.catchupHours', '*', 3_600_000)), '>=', now))
        .orderBy('events.startTime', 'desc')
        .orderBy('events.id')
        .limit(limit)
        .execute()
    );
  }

  eventById(id: number): Promise<EventRow | undefined> {
    return this.k.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async eventsByIds(ids: number[]): Promise<CompactEventRow[]> {
    if (ids.length === 0) return [];
    return this.k.selectFrom('events').select(COMPACT).where('id', 'in', ids).execute();
  }

  /** Programmes airing at an instant on the given channels. */
  liveAt(now: number, maxEventMs: number, channelIds: number[]): Promise<CompactEventRow[]> {
    return this.eventsInWindow(now, now + 1, maxEventMs, channelIds);
  }

  /** How many programmes `liveAt` gives, counted by the database (10,000 rows not read for a number). */
  async liveCountAt(now: number, maxEventMs: number, channelIds: number[]): Promise<number> {
    if (channelIds.length === 0) return 0;
    if (!this.db.selectArrays) return (await this.liveAt(now, maxEventMs, channelIds)).length;
    const [row] = await this.db.selectArrays(LIVE_COUNT[this.db.dialect], [
      now - maxEventMs,
      now + 1,
      now,
      channelList(this.db.dialect, channelIds),
    ]);
    return Number(row?.[0] ?? 0);
  }

  /** Programmes that ended in (since, now] on the given channels, latest first. */
  endedBetween(since: number, now: number, channelIds: number[], limit: number): Promise<CompactEventRow[]> {
    return this.k
      .selectFrom('events')
      .select(COMPACT)
      .where('endTime', '>', since)
      .where('endTime', '<=', now)
      .where('startTime', '>=', since - 86400000)
      .where('channelId', 'in', channelIds.length > 0 ? channelIds : [-1])
      .orderBy('endTime', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Events of a genre or section starting in [from, to), by start. */
  eventsOfGenre(genreId: number, from: number, to: number, limit: number): Promise<CompactEventRow[]> {
    return this.k
      .selectFrom('events')
      .select(COMPACT)
      .where((eb) => eb.or([eb('sectionId', '=', genreId), eb('genreId', '=', genreId)]))
      .where('startTime', '>=', from)
      .where('startTime', '<', to)
      .orderBy('startTime')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Pay-per-view events not yet over, by start. */
  upcomingPpv(now: number, limit: number): Promise<CompactEventRow[]> {
    return this.k
      .selectFrom('events')
      .select(COMPACT)
      .where('ppvPriceCents', 'is not', null)
      .where('endTime', '>', now)
      .orderBy('startTime')
      .limit(limit)
      .execute();
  }

  /**
   * Event counts per genre (as genre or as section) over a window, for the genres the
   * catalogue has. One count per genre on its (genre_id, start_time) and (section_id,
   * start_time) indexes, which hold all the count reads: grouping the window's rows read
   * every row of the table, 2.5 s at a million imported programmes.
   */
  async eventCountsByGenre(from: number, to: number, kids: number | null = null): Promise<Map<number, number>> {
    // A kids profile counts what seesEvent shows it: rated at most its level (never 7), outside the
    // adult section, on a channel it may see.
    const max = kids === null ? null : Math.min(kids, 6);
    const rows = await this.k
      .selectFrom('genres as g')
      .select((eb) => {
        const visible = (column: 'events.genreId' | 'events.sectionId') =>
          eb
            .selectFrom('events')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef(column, '=', 'g.id')
            .where('events.startTime', '>=', from)
            .where('events.startTime', '<', to)
            .$if(max !== null, (qb) =>
              qb
                .where('events.parental', '<=', max ?? 0)
                .where((w) => w.or([w('events.genreId', 'is', null), w('events.genreId', '<>', GENRE_ADULT)]))
                .where((w) => w.or([w('events.sectionId', 'is', null), w('events.sectionId', '<>', GENRE_ADULT)]))
                .where((w) =>
                  w.exists(
                    w
                      .selectFrom('channels as c')
                      .select('c.id')
                      .whereRef('c.id', '=', 'events.channelId')
                      .where('c.isAdult', '=', 0)
                      .where('c.parental', '<=', max ?? 0),
                  ),
                ),
            );
        return ['g.id as g', visible('events.genreId').as('byGenre'), visible('events.sectionId').as('bySection')];
      })
      .execute();
    const out = new Map<number, number>();
    for (const r of rows) {
      const n = Number(r.byGenre ?? 0) + Number(r.bySection ?? 0);
      if (n > 0) out.set(r.g, n);
    }
    return out;
  }

  /** Whether the table has rows at all (cheap health check for tests and the bench). */
  async countEvents(): Promise<number> {
    const r = await this.k
      .selectFrom('events')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
