import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { ChannelLabel, PlayableChannel, PlayableEvent, PlayableTitle, Playables, SeriesLabel } from './playables';
import type { CatalogueTables } from './tables';

const CHANNEL = [
  'id',
  'name',
  'parental',
  'isAdult',
  'tstv',
  'catchupHours',
  'streamSource',
  'streamUrl',
  'streamProtocol',
  'alternateStreams',
  'streamUserAgent',
  'streamReferrer',
  'catchupMode',
  'catchupSource',
  'clipKey',
  'packageId',
] as const;
const EVENT = ['id', 'channelId', 'startTime', 'endTime', 'title', 'parental', 'packageId'] as const;

/** What the origin and the playback services read of the catalogue: channels, programmes, films and episodes as they play. */
export class PlayablesRepository implements Playables {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  channel(id: number): Promise<PlayableChannel | undefined> {
    // A radio (an audio channel) opens no video session: as if it were not there.
    return this.k
      .selectFrom('channels')
      .select(CHANNEL)
      .where('id', '=', id)
      .where('kind', '<>', 'radio')
      .executeTakeFirst();
  }

  event(id: number): Promise<PlayableEvent | undefined> {
    return this.k.selectFrom('events').select(EVENT).where('id', '=', id).executeTakeFirst();
  }

  /** The programme on air at `at` on a channel, if any (the latest one started). */
  eventAt(channelId: number, at: number): Promise<PlayableEvent | undefined> {
    return this.k
      .selectFrom('events')
      .select(EVENT)
      .where('channelId', '=', channelId)
      .where('startTime', '<=', at)
      .where('endTime', '>', at)
      .orderBy('startTime', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  film(id: number): Promise<PlayableTitle | undefined> {
    return this.k
      .selectFrom('films')
      .select(['id', 'title', 'runtimeSeconds', 'parental', 'clipKey', 'packageId'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** An episode with its series' rating and package. */
  episode(id: number): Promise<PlayableTitle | undefined> {
    return this.k
      .selectFrom('episodes')
      .innerJoin('series', 'series.id', 'episodes.seriesId')
      .select([
        'episodes.id',
        'episodes.title',
        'episodes.runtimeSeconds',
        'series.parental',
        'episodes.clipKey',
        'series.packageId',
      ])
      .where('episodes.id', '=', id)
      .executeTakeFirst();
  }

  series(id: number): Promise<SeriesLabel | undefined> {
    return this.k.selectFrom('series').select(['id', 'title', 'parental']).where('id', '=', id).executeTakeFirst();
  }

  channelLabels(ids: readonly number[]): Promise<ChannelLabel[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.k
      .selectFrom('channels')
      .select(['id', 'name', 'number'])
      .where('id', 'in', [...ids])
      .execute();
  }
}
