import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { CatalogueTables } from './tables';

/** What playback needs of a channel. */
export interface PlayableChannel {
  id: number;
  name: string;
  parental: number;
  isAdult: number;
  tstv: number;
  catchupHours: number;
  streamSource: 'origin' | 'external';
  streamUrl: string | null;
  streamProtocol: 'dash' | 'hls';
  clipKey: string;
  packageId: number;
}

/** What playback needs of a programme. */
export interface PlayableEvent {
  id: number;
  channelId: number;
  startTime: number;
  endTime: number;
  title: string;
  parental: number;
  packageId: number | null;
}

/** A film or an episode: a clip looped to its catalogue length. */
export interface PlayableTitle {
  id: number;
  title: string;
  runtimeSeconds: number;
  parental: number;
  clipKey: string;
  packageId: number;
}

/** What the origin and the playback services may ask of the catalogue. */
export interface Playables {
  channel(id: number): Promise<PlayableChannel | undefined>;
  event(id: number): Promise<PlayableEvent | undefined>;
  /** The programme on air at `at` on a channel, if any (the latest one started). */
  eventAt(channelId: number, at: number): Promise<PlayableEvent | undefined>;
  film(id: number): Promise<PlayableTitle | undefined>;
  /** An episode with its series' rating and package. */
  episode(id: number): Promise<PlayableTitle | undefined>;
}

const CHANNEL = ['id', 'name', 'parental', 'isAdult', 'tstv', 'catchupHours', 'streamSource', 'streamUrl', 'streamProtocol', 'clipKey', 'packageId'] as const;
const EVENT = ['id', 'channelId', 'startTime', 'endTime', 'title', 'parental', 'packageId'] as const;

/** What the origin and the playback services read of the catalogue: channels, programmes, films and episodes as they play. */
export class PlayablesRepository implements Playables {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  channel(id: number): Promise<PlayableChannel | undefined> {
    return this.k.selectFrom('channels').select(CHANNEL).where('id', '=', id).executeTakeFirst();
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
    return this.k.selectFrom('films').select(['id', 'title', 'runtimeSeconds', 'parental', 'clipKey', 'packageId']).where('id', '=', id).executeTakeFirst();
  }

  /** An episode with its series' rating and package. */
  episode(id: number): Promise<PlayableTitle | undefined> {
    return this.k
      .selectFrom('episodes')
      .innerJoin('series', 'series.id', 'episodes.seriesId')
      .select(['episodes.id', 'episodes.title', 'episodes.runtimeSeconds', 'series.parental', 'episodes.clipKey', 'series.packageId'])
      .where('episodes.id', '=', id)
      .executeTakeFirst();
  }
}
