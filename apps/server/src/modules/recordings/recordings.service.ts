import type { Recording, RecordingMarks, RecordingPage, RecordingQuota, RecordingsQuery } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import {
  kidsRefused,
  kidsMay,
  kidsMayChannel,
  type GuideProgramme,
  type KidsLevel,
  type PlayableChannel,
  type RecordableGuide,
} from '../catalogue';
import type { AccessRights } from '../commerce';
import { refuseRecording } from './refusals';
import type { Position, ProfileKey, RecordingsRepository } from './recordings.repository';
import type { RecordingRow } from './tables';
import { DAY_MS, HOUR_MS, durationSeconds, expiresAt, fits, mediaKeyOf, quotaHours, type QuotaUse } from './timing';

/** Whose recordings, rules and reminders a request reads and writes (issue 30): a profile, and a kids one's highest rating. */
export interface RecordingsOwner extends ProfileKey {
  kids: KidsLevel;
}

/**
 * Whether a kids profile may record, or be reminded of, a programme on this channel: the
 * catalogue's check (rating, adult section and genre, adult channel). A programme whose rating
 * the guide did not give is refused to a kids profile.
 */
export function kidsMayHave(
  kids: KidsLevel,
  programme: Pick<GuideProgramme, 'parental' | 'genreId' | 'sectionId'>,
  channel: Pick<PlayableChannel, 'isAdult' | 'parental'> | undefined,
): boolean {
  if (kids === null) return true;
  if (programme.parental === undefined || !channel) return false;
  return (
    kidsMayChannel(kids, channel) &&
    kidsMay(kids, programme.parental, programme.genreId ?? null, programme.sectionId ?? null)
  );
}

/** A recording as playback and the origin play it (issue 29). */
export interface RecordedProgramme {
  id: number;
  userId: number;
  /** The profile whose it is: no other profile plays it (issue 30). */
  profileId: number;
  eventId: number;
  channelId: number;
  title: string;
  startTime: number;
  endTime: number;
  /** Its programme has ended: it plays. */
  ready: boolean;
  /** False when the operator forbids skipping ahead in this channel's recordings. */
  canSkipAhead: boolean;
}

export interface RecordingsSettings {
  retentionDays: number;
  quotaHours: number;
  packageHours: ReadonlyMap<number, number>;
}

/** What recording asks of the catalogue and commerce. */
export interface RecordingSources {
  guide: RecordableGuide;
  channel(id: number): Promise<PlayableChannel | undefined>;
  /** The package a programme sells under: its own (pay-per-view) or its channel's. */
  eventPackage(eventId: number): Promise<number | null | undefined>;
  rights: AccessRights;
  /** A profile's audience: a kids one's highest rating, null for an adult one, undefined once deleted (issue 30). */
  profileKids(userId: number, profileId: number): Promise<KidsLevel | undefined>;
}

/** The operator's rights on a channel's recordings. */
export interface ChannelRights {
  recordable: boolean;
  skipAhead: boolean;
}

export const encodePosition = (p: Position): string => `${p.at}.${p.id}`;
export function decodePosition(cursor: string | undefined): Position | null {
  const m = cursor ? /^(-?\d{1,15})\.(\d{1,10})$/.exec(cursor) : null;
  return m ? { at: Number(m[1]), id: Number(m[2]) } : null;
}

/** Why a programme cannot be recorded on this channel now, or null when it can. */
export function recordable(
  channel: PlayableChannel,
  rights: ChannelRights,
  programme: Pick<GuideProgramme, 'endTime'>,
  now: number,
): 'channel_forbids' | 'external_no_catchup' | 'outside_catchup' | null {
  if (!rights.recordable) return 'channel_forbids';
  // An external stream has no archive of ours: only its catch-up template can fetch the programme afterwards.
  if (channel.streamSource === 'external' && !channel.catchupSource && !channel.catchupMode)
    return 'external_no_catchup';
  if (programme.endTime <= now && programme.endTime < now - channel.catchupHours * HOUR_MS) return 'outside_catchup';
  return null;
}

/** "Grabar", Mis grabaciones' lists, quota, protection, deletion and retention. */
export class RecordingsService {
  constructor(
    private readonly clock: Clock,
    private readonly repo: RecordingsRepository,
    private readonly sources: RecordingSources,
    private readonly settings: RecordingsSettings,
  ) {}

  get retentionMs(): number {
    return this.settings.retentionDays * DAY_MS;
  }

  async rightsOf(channelId: number): Promise<ChannelRights> {
    const row = await this.repo.channelRights(channelId);
    return { recordable: (row?.recordable ?? 1) === 1, skipAhead: (row?.skipAhead ?? 1) === 1 };
  }

  /** The account's space: every profile's recordings count against the hours its packages give. */
  async quota(userId: number): Promise<RecordingQuota> {
    const [seconds, access] = await Promise.all([
      this.repo.secondsByState(userId),
      this.sources.rights.accessFor(userId),
    ]);
    const hours = quotaHours(access.ownedPackageIds, this.settings.packageHours, this.settings.quotaHours);
    return { usedSeconds: seconds.ready, scheduledSeconds: seconds.scheduled, limitSeconds: hours * 3600 };
  }

  /** Records a programme: ended within catch-up at once, live or future when it ends. Idempotent. */
  async record(owner: RecordingsOwner, eventId: number): Promise<{ recording: Recording; created: boolean }> {
    const now = this.clock.now();
    const { userId } = owner;
    const programme = await this.sources.guide.programme(eventId);
    const channel = programme ? await this.sources.channel(programme.channelId) : undefined;
    if (!programme || !channel) throw notFound('Programa no encontrado.');
    if (!kidsMayHave(owner.kids, programme, channel)) throw kidsRefused();
    const existing = await this.repo.findByEvent(owner, eventId);
    if (existing) return { recording: await this.toRecording(existing), created: false };
    const refusal = recordable(channel, await this.rightsOf(channel.id), programme, now);
    if (refusal) throw refuseRecording(refusal);
    const access = await this.sources.rights.accessFor(userId);
    const packageId = (await this.sources.eventPackage(eventId)) ?? channel.packageId;
    if (!access.ownedPackageIds.has(packageId)) throw refuseRecording('no_rights');
    if (!fits(await this.quota(userId), durationSeconds(programme))) throw refuseRecording('quota_full');
    const id = await this.repo.insert(this.newRow(owner, programme, null, now));
    const row = await this.repo.findByEvent(owner, eventId);
    if (!row) throw notFound('Programa no encontrado.');
    return { recording: await this.toRecording(row), created: id !== undefined };
  }

  /** The row a recording of `programme` starts as. */
  newRow(owner: ProfileKey, programme: GuideProgramme, ruleId: number | null, now: number) {
    const ready = programme.endTime <= now;
    return {
      userId: owner.userId,
      profileId: owner.profileId,
      eventId: programme.id,
      channelId: programme.channelId,
      title: programme.title,
      subtitle: programme.subtitle,
      episodeNum: programme.episodeNum.slice(0, 64),
      startTime: programme.startTime,
      endTime: programme.endTime,
      state: ready ? ('ready' as const) : ('scheduled' as const),
      protected: 0,
      expiresAt: ready ? expiresAt(programme.endTime, this.settings.retentionDays, false) : null,
      ruleId,
      mediaKey: mediaKeyOf(programme),
      createdAt: now,
    };
  }

  /**
   * A recording as playback and the origin see it (issue 29): undefined once deleted or past its
   * retention (housekeeping may not have removed it yet); `ready` once its programme has ended.
   */
  async recorded(id: number): Promise<RecordedProgramme | undefined> {
    const row = await this.repo.byId(id);
    const now = this.clock.now();
    if (!row || (row.expiresAt !== null && row.expiresAt <= now)) return undefined;
    return {
      id: row.id,
      userId: row.userId,
      profileId: row.profileId,
      eventId: row.eventId,
      channelId: row.channelId,
      title: row.title,
      startTime: row.startTime,
      endTime: row.endTime,
      ready: row.state === 'ready' && row.endTime <= now,
      canSkipAhead: (await this.rightsOf(row.channelId)).skipAhead,
    };
  }

  async get(who: ProfileKey, id: number): Promise<Recording> {
    const row = await this.repo.find(who, id);
    if (!row) throw notFound('Grabación no encontrada.');
    return this.toRecording(row);
  }

  async page(who: ProfileKey, query: RecordingsQuery): Promise<RecordingPage> {
    const rows = await this.repo.page(
      who,
      { state: query.state, ruleId: query.ruleId },
      decodePosition(query.cursor),
      query.limit + 1,
    );
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    const skip = new Map<number, boolean>();
    const out: Recording[] = [];
    for (const row of items) {
      if (!skip.has(row.channelId)) skip.set(row.channelId, (await this.rightsOf(row.channelId)).skipAhead);
      out.push(toRecording(row, skip.get(row.channelId) ?? true));
    }
    return {
      items: out,
      nextCursor: rows.length > query.limit && last ? encodePosition({ at: last.endTime, id: last.id }) : null,
    };
  }

  async protect(who: ProfileKey, id: number, isProtected: boolean): Promise<Recording> {
    const row = await this.repo.find(who, id);
    if (!row) throw notFound('Grabación no encontrada.');
    const expiry = row.state === 'ready' ? expiresAt(row.endTime, this.settings.retentionDays, isProtected) : null;
    await this.repo.setProtected(who, id, isProtected, expiry);
    return this.get(who, id);
  }

  /** Another profile's recording is not found, as a missing one is. */
  async remove(who: ProfileKey, id: number): Promise<void> {
    if ((await this.repo.remove({ owner: who, ids: [id] })) === 0) throw notFound('Grabación no encontrada.');
  }

  async marks(who: ProfileKey, eventIds: readonly number[]): Promise<RecordingMarks['items']> {
    const rows = await this.repo.eventsOf(who, eventIds);
    const reminders = new Set(await this.repo.remindedEvents(who, eventIds));
    const byEvent = new Map(rows.map((r) => [r.eventId, r.state]));
    return eventIds.map((eventId) => ({
      eventId,
      recorded: byEvent.get(eventId) === 'ready',
      scheduled: byEvent.get(eventId) === 'scheduled',
      reminder: reminders.has(eventId),
    }));
  }

  /** Scheduled recordings whose programme ended become ready; those past retention go with their media. */
  async housekeeping(): Promise<{ finished: number; expired: number }> {
    const now = this.clock.now();
    const finished = await this.repo.finishEnded(now, this.retentionMs);
    let expired = 0;
    for (;;) {
      const ids = await this.repo.expiredIds(now, 500);
      if (ids.length === 0) break;
      expired += await this.repo.remove({ ids });
    }
    return { finished, expired };
  }

  /** Whether one more programme of `seconds` fits the user's quota. */
  fitsQuota(quota: QuotaUse, seconds: number): boolean {
    return fits(quota, seconds);
  }

  private async toRecording(row: RecordingRow): Promise<Recording> {
    return toRecording(row, (await this.rightsOf(row.channelId)).skipAhead);
  }
}

export function toRecording(row: RecordingRow, canSkipAhead: boolean): Recording {
  return {
    id: row.id,
    eventId: row.eventId,
    channelId: row.channelId,
    title: row.title,
    subtitle: row.subtitle,
    episode: row.episodeNum,
    startTime: row.startTime,
    endTime: row.endTime,
    durationSeconds: durationSeconds(row),
    state: row.state,
    protected: row.protected === 1,
    expiresAt: row.expiresAt,
    ruleId: row.ruleId,
    canSkipAhead,
    createdAt: row.createdAt,
  };
}
