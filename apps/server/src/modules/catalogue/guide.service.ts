import { createHash } from 'node:crypto';
import type { CatalogueEvent, EpgDayResponse, EventDetail, EventsResponse } from '@pantalla/contracts';
import { badRequest, notFound } from '../../platform/errors';
import type { Cache, CacheRegistry } from '../../platform/cache';
import type { Clock } from '../../platform/clock';
import type { CatalogueService, Viewer } from './catalogue.service';
import type { GuideRepository } from './guide.repository';
import { toEpgProgramme } from './mappers';
import { dayBounds, isValidTimeZone } from './time';

/** The guide's default zone: the operator is Spanish. */
export const DEFAULT_TZ = 'Europe/Madrid';
/** How long a built guide day is reused (its live/playable flags follow the clock). */
const DAY_TTL_MS = 60000;
const DAY_CACHE_MAX = 4000;

/** The events route's query. */
export interface WindowQuery {
  startTime: number;
  endTime: number;
  lineupId?: number;
  channelId?: number;
}

/** A serialised guide day, ready to send. */
export interface CachedDay {
  body: string;
  etag: string;
  builtAt: number;
}

/** The guide: window queries, one event's detail, and the per-channel day the TV guide fetches. */
export class GuideService {
  private readonly days: Cache<string, CachedDay>;

  constructor(
    private readonly clock: Clock,
    readonly repo: GuideRepository,
    private readonly catalogue: CatalogueService,
    caches: CacheRegistry,
  ) {
    this.days = caches.create('catalogue.guide-days', { max: DAY_CACHE_MAX, ttlMs: DAY_TTL_MS });
  }

  /** Events overlapping a window, optionally of one lineup or channel, by channel then start. */
  async window(userId: number, q: WindowQuery): Promise<CatalogueEvent[]> {
    return this.windowOf(await this.catalogue.viewer(userId), q);
  }

  private async windowOf(v: Viewer, q: WindowQuery): Promise<CatalogueEvent[]> {
    let channelIds: number[] | null = null;
    if (q.lineupId !== undefined) channelIds = (await this.catalogue.lineupChannels(v, q.lineupId)).map((c) => c.id);
    if (q.channelId !== undefined) channelIds = (channelIds ?? [q.channelId]).filter((id) => id === q.channelId);
    const rows = await this.repo.eventsInWindow(q.startTime, q.endTime, v.ref.maxEventMs, channelIds);
    return rows.map((r) => this.catalogue.event(v, r));
  }

  /**
   * The window serialised. Users with the same packages asking for the same window share
   * one answer for up to 15 s (a programme's LIVE/CUTV format may lag its boundary by that).
   */
  async windowJson(userId: number, q: WindowQuery): Promise<string> {
    const v = await this.catalogue.viewer(userId);
    const key = `${v.ref.generation}|${v.ref.guideVersion}|${v.access.key}|${q.startTime}|${q.endTime}|${q.lineupId ?? ''}|${q.channelId ?? ''}`;
    return this.catalogue.responses.get(key, async () => JSON.stringify({ resources: await this.windowOf(v, q) } satisfies EventsResponse));
  }

  async detail(userId: number, id: number): Promise<EventDetail> {
    const v = await this.catalogue.viewer(userId);
    const row = await this.repo.eventById(id);
    if (!row) throw notFound('No existe ese programa.');
    const catchup = v.ref.channelById.get(row.channelId)?.catchupHours ?? 0;
    return { ...this.catalogue.event(v, row), epg: toEpgProgramme(row, DEFAULT_TZ, v.now, catchup, (g) => v.ref.genreById.get(g)?.name) };
  }

  /**
   * One channel's programmes overlapping a local day. The same for every user, so it is
   * built once per minute and guide version, and answered with an ETag.
   */
  async day(channelId: number, date: string, tzParam: string | undefined): Promise<CachedDay> {
    const tz = tzParam ?? DEFAULT_TZ;
    if (!isValidTimeZone(tz)) throw badRequest(`Zona horaria desconocida: ${tz}`);
    const bounds = dayBounds(date, tz);
    if (!bounds) throw badRequest(`Fecha no válida: ${date}`);
    const ref = await this.catalogue.reference.get();
    const channel = ref.channelById.get(channelId);
    if (!channel) throw notFound('No existe ese canal.');
    const key = `${ref.guideVersion}|${channelId}|${date}|${tz}`;
    return this.days.get(key, async () => {
      const now = this.clock.now();
      const rows = await this.repo.channelEvents(channelId, bounds.start, bounds.end, ref.maxEventMs);
      const response: EpgDayResponse = {
        channelId,
        date,
        tz,
        dayStart: bounds.start,
        dayEnd: bounds.end,
        catchup_hours: channel.catchupHours,
        events: rows.map((r) => toEpgProgramme(r, tz, now, channel.catchupHours, (g) => ref.genreById.get(g)?.name)),
      };
      const body = JSON.stringify(response);
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, builtAt: now };
    });
  }
}
