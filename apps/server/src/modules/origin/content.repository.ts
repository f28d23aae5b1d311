import type { Kysely } from 'kysely';
import type { Database } from '../../database-schema';
import type { Db } from '../../platform/database';

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

const CHANNEL = ['id', 'name', 'parental', 'isAdult', 'tstv', 'catchupHours', 'streamSource', 'streamUrl', 'streamProtocol', 'clipKey', 'packageId'] as const;
const EVENT = ['id', 'channelId', 'startTime', 'endTime', 'title', 'parental', 'packageId'] as const;

/** Reads of the catalogue's tables the origin and the playback services need (nothing else). */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<Database> {
    return this.db.kysely;
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

  /** Programmes that ended in [since, until) on channels with catch-up, latest first (manifest test). */
  endedEvents(since: number, until: number, limit: number): Promise<PlayableEvent[]> {
    return this.k
      .selectFrom('events')
      .innerJoin('channels', 'channels.id', 'events.channelId')
      .select(['events.id', 'events.channelId', 'events.startTime', 'events.endTime', 'events.title', 'events.parental', 'events.packageId'])
      .where('channels.catchupHours', '>', 0)
      .where('events.endTime', '>=', since)
      .where('events.endTime', '<', until)
      .orderBy('events.endTime', 'desc')
      .limit(limit)
      .execute();
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
