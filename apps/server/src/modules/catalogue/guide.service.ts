import { createHash } from 'node:crypto';
import type { CatalogueEvent, EpgDayResponse, EventDetail, EventsResponse, Format } from '@pantalla/contracts';
import { badRequest, notFound } from '../../platform/errors';
import type { Cache, CacheRegistry } from '../../platform/cache';
import type { Clock } from '../../platform/clock';
import {
  audienceKey,
  kidsMay,
  kidsMayChannel,
  kidsRefused,
  listedChannel,
  type CatalogueService,
  type KidsLevel,
  type Viewer,
} from './catalogue.service';
import type { GuideRepository } from './guide.repository';
import { eventFormat, toEpgProgramme } from './mappers';
import { dayBounds, isValidTimeZone } from './time';
import type { BlockReader } from './block-reader';
import { BLOCK_ROWS_BUDGET, cutWindow, WindowBlocks, type Block } from './window-blocks';

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
  /** Encoded once: every request sends the same bytes. */
  body: Buffer;
  etag: string;
  builtAt: number;
}

const FORMAT_INDEX: Record<Format, number> = { LIVE: 0, CUTV: 1, STILL: 2, VOD: 3 };

/** The guide: window queries, one event's detail, and the per-channel day the TV guide fetches. */
export class GuideService {
  private readonly days: Cache<string, CachedDay>;
  private readonly blocks: WindowBlocks;

  constructor(
    private readonly clock: Clock,
    readonly repo: GuideRepository,
    private readonly catalogue: CatalogueService,
    caches: CacheRegistry,
  ) {
    this.days = caches.create('catalogue.guide-days', { max: DAY_CACHE_MAX, ttlMs: DAY_TTL_MS });
    this.blocks = new WindowBlocks((from, to) => this.repo.eventsStartingIn(from, to), BLOCK_ROWS_BUDGET, true);
  }

  /** Guide blocks are read by `reader` (a thread of their own) from now on; null: on this thread. */
  readBlocksIn(reader: BlockReader | null): void {
    this.blocks.readBlocksWith(reader && ((from, to) => reader.read(from, to)));
  }

  /** Events overlapping a window, optionally of one lineup or channel, by channel then start. */
  private async windowOf(v: Viewer, q: WindowQuery): Promise<CatalogueEvent[]> {
    const rows = await this.repo.eventsInWindow(
      q.startTime,
      q.endTime,
      v.ref.maxEventMs,
      await this.windowChannels(v, q),
    );
    return rows.filter((r) => this.catalogue.seesEvent(v, r)).map((r) => this.catalogue.event(v, r));
  }

  /** The channels a window asks for: null for every channel (none switched off in the console). */
  private async windowChannels(v: Viewer, q: WindowQuery): Promise<number[] | null> {
    let channelIds: number[] | null = null;
    // A channel switched off (or a radio) is not listed, nor are its programmes.
    // A kids profile's window leaves adult channels out the same way.
    if (q.lineupId !== undefined || v.kids !== null || v.ref.channels.some((c) => !listedChannel(c)))
      channelIds = (await this.catalogue.lineupChannels(v, q.lineupId)).map((c) => c.id);
    if (q.channelId !== undefined) channelIds = (channelIds ?? [q.channelId]).filter((id) => id === q.channelId);
    return channelIds;
  }

  /**
   * The window serialised. Users with the same packages asking for the same window share
   * one answer for up to 15 s (a programme's LIVE/CUTV format may lag its boundary by that).
   * Windows of many channels are cut from blocks of the guide held in memory while they
   * fit (`WindowBlocks`); one channel's window, or a guide too large, asks the database.
   */
  async windowJson(userId: number, q: WindowQuery, kids: KidsLevel = null): Promise<Buffer> {
    const v = await this.catalogue.viewer(userId, kids);
    // Without a lineup the window depends on the guide and the channel rows only: an import's
    // batches that change neither (a second import of the same files) keep it.
    const basis = q.lineupId === undefined ? `rows ${v.ref.channelsVersion}` : v.ref.generation;
    const key = `${basis}|${v.ref.guideVersion}|${v.access.key}|${q.startTime}|${q.endTime}|${q.lineupId ?? ''}|${q.channelId ?? ''}|${audienceKey(kids)}`;
    return this.catalogue.responses.get(key, async () => {
      if (q.channelId === undefined) {
        const blocks = await this.blocks.covering(v.ref.guideVersion, q.startTime - v.ref.maxEventMs, q.endTime);
        if (blocks) return this.windowFromBlocks(v, q, blocks, await this.windowChannels(v, q));
      }
      return Buffer.from(JSON.stringify({ resources: await this.windowOf(v, q) } satisfies EventsResponse));
    });
  }

  /**
   * The same bytes as the query's answer, cut from the blocks: each programme's head and a
   * tail for this viewer's packages and the time (its format, LIVE or CUTV, follows the clock;
   * a shared answer may lag a boundary by the 15 s it is kept). A handful of tails per window.
   */
  private windowFromBlocks(v: Viewer, q: WindowQuery, blocks: readonly Block[], channelIds: number[] | null): Buffer {
    const tails = new Map<number, Buffer>();
    const tailOf = (block: Block, i: number): Buffer => {
      const channelId = block.channelId[i] as number;
      const own = block.packageId[i] as number;
      const catchupHours = v.ref.channelById.get(channelId)?.catchupHours ?? 0;
      const format = eventFormat(block.start[i] as number, block.end[i] as number, v.now, catchupHours);
      const packageId = this.catalogue.eventPackage(v, channelId, own < 0 ? null : own);
      const ppv = block.ppv[i] as number;
      const key = packageId * 8 + ppv * 4 + FORMAT_INDEX[format];
      let tail = tails.get(key);
      if (tail === undefined) {
        tail = Buffer.from(
          `,"format":"${format}","ppv":${ppv === 1},"access":${JSON.stringify(v.access.access(packageId))}}`,
        );
        tails.set(key, tail);
      }
      return tail;
    };
    return cutWindow(blocks, tailOf, {
      from: q.startTime - v.ref.maxEventMs,
      to: q.endTime,
      after: q.startTime,
      channels: channelIds && new Set(channelIds),
      // A kids profile's cut skips what it may not see.
      ...(v.kids === null ? {} : { maxRating: Math.min(v.kids, 6) }),
    });
  }

  async detail(userId: number, id: number, kids: KidsLevel = null): Promise<EventDetail> {
    const v = await this.catalogue.viewer(userId, kids);
    const row = await this.repo.eventById(id);
    // A radio's programme is not shown, as its channel is not.
    if (!row || v.ref.channelById.get(row.channelId)?.kind === 'radio') throw notFound('No existe ese programa.');
    if (!this.catalogue.seesEvent(v, row)) throw kidsRefused();
    const catchup = v.ref.channelById.get(row.channelId)?.catchupHours ?? 0;
    return {
      ...this.catalogue.event(v, row),
      epg: toEpgProgramme(row, DEFAULT_TZ, v.now, catchup, (g) => v.ref.genreById.get(g)?.name),
    };
  }

  /**
   * One channel's programmes overlapping a local day. The same for every user, so it is
   * built once per minute and guide version, and answered with an ETag.
   */
  async day(channelId: number, date: string, tzParam: string | undefined, kids: KidsLevel = null): Promise<CachedDay> {
    const tz = tzParam ?? DEFAULT_TZ;
    if (!isValidTimeZone(tz)) throw badRequest(`Zona horaria desconocida: ${tz}`);
    const bounds = dayBounds(date, tz);
    if (!bounds) throw badRequest(`Fecha no válida: ${date}`);
    const ref = await this.catalogue.reference.get();
    const channel = ref.channelById.get(channelId);
    if (!channel || channel.kind === 'radio') throw notFound('No existe ese canal.');
    if (!kidsMayChannel(kids, channel)) throw kidsRefused();
    // Kids profiles share one day per level, never an adult's (nor its ETag).
    const key = `${ref.guideVersion}|${channelId}|${date}|${tz}|${audienceKey(kids)}`;
    return this.days.get(key, async () => {
      const now = this.clock.now();
      const rows = (await this.repo.channelEvents(channelId, bounds.start, bounds.end, ref.maxEventMs)).filter((r) =>
        kidsMay(kids, r.parental, r.genreId, r.sectionId),
      );
      const response: EpgDayResponse = {
        channelId,
        date,
        tz,
        dayStart: bounds.start,
        dayEnd: bounds.end,
        catchup_hours: channel.catchupHours,
        events: rows.map((r) => toEpgProgramme(r, tz, now, channel.catchupHours, (g) => ref.genreById.get(g)?.name)),
      };
      const body = Buffer.from(JSON.stringify(response));
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, builtAt: now };
    });
  }
}
