import type {
  LineupMove,
  LineupMoveResult,
  OperatorChannel,
  OperatorChannelPage,
  OperatorChannelPatch,
  OperatorChannelRow,
  OperatorLineup,
  OperatorLineupPage,
  StreamCheck,
  operatorChannelsQuerySchema,
} from '@pantalla/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit.repository';
import type { CacheRegistry } from '../../platform/cache';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type {
  ChannelChangeBuilder,
  ConsoleChannelRow,
  OperatorChannelsRepository,
} from './operator-channels.repository';
import type { ImageDestinations } from './images/remote-fetch';
import type { ReferenceCache } from './reference-cache';
import { channelStreams, checkStream } from './stream-check';
import { normalizeForSearch } from './search-text';
import type { ChannelRow, ChannelUpdate } from './tables';

type ChannelsQuery = z.output<typeof operatorChannelsQuerySchema>;

/** Caches holding answers built from channels and lineups (the subscriber's channel list and guide), forgotten in every process after a change. */
export const CHANNEL_ANSWER_CACHES = ['catalogue.responses', 'catalogue.responses.seen'] as const;

const NO_CHANNEL = 'No existe ese canal.';
const NO_LINEUP = 'No existe esa lista de canales.';

function toRow(r: ConsoleChannelRow): OperatorChannelRow {
  return {
    id: r.id,
    number: r.number,
    name: r.name,
    logoUrl: r.logoUrl,
    genreId: r.channelGenreId,
    packageId: r.packageId,
    source: r.streamSource,
    guide: r.guideSource,
    health: r.health,
    enabled: r.enabled !== 0,
    updatedAt: Number(r.updatedAt),
  };
}

function alternatesOf(json: string | null): number {
  if (!json) return 0;
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

/** The console's view of a channel's editable fields (the PATCH body's shape). */
export function editableOf(r: ChannelRow): Required<Omit<OperatorChannelPatch, 'fingerprint'>> & {
  fingerprint: Required<NonNullable<OperatorChannelPatch['fingerprint']>>;
} {
  return {
    name: r.name,
    number: r.number,
    logoUrl: r.logoUrl,
    genreId: r.channelGenreId,
    packageId: r.packageId,
    parental: r.parental,
    timeShift: r.tstv === 1,
    catchupHours: r.catchupHours,
    fingerprint: {
      enabled: r.fingerprint === 1,
      frequencySeconds: r.fingerprintFrequency,
      durationSeconds: r.fingerprintDuration,
      position: r.fingerprintPosition,
      fontSize: r.fingerprintFontSize,
      color: r.fingerprintColor,
      background: r.fingerprintBackground,
    },
    enabled: r.enabled !== 0,
  };
}

/**
 * The columns a patch changes on `row` and the audit's before/after (only the fields that
 * differ, in the patch's names); null when the patch changes nothing. Pure.
 */
export function channelChanges(row: ChannelRow, patch: OperatorChannelPatch): ReturnType<ChannelChangeBuilder> {
  const current = editableOf(row);
  const set: ChannelUpdate = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const note = (key: string, was: unknown, now: unknown) => {
    before[key] = was;
    after[key] = now;
  };
  // Each top-level field: the columns it writes.
  const columns: { [K in keyof typeof current]?: (v: NonNullable<OperatorChannelPatch[K]> | null) => ChannelUpdate } = {
    name: (v) => ({ name: String(v), searchTitle: normalizeForSearch(String(v)) }),
    number: (v) => ({ number: Number(v) }),
    logoUrl: (v) => ({ logoUrl: v || null }),
    genreId: (v) => ({ channelGenreId: Number(v) }),
    packageId: (v) => ({ packageId: Number(v) }),
    parental: (v) => ({ parental: Number(v) }),
    timeShift: (v) => ({ tstv: v ? 1 : 0 }),
    catchupHours: (v) => ({ catchupHours: Number(v) }),
    enabled: (v) => ({ enabled: v ? 1 : 0 }),
  };
  for (const key of Object.keys(columns) as (keyof typeof columns)[]) {
    const wanted = key === 'logoUrl' ? (patch.logoUrl === undefined ? undefined : patch.logoUrl || null) : patch[key];
    if (wanted === undefined || wanted === current[key]) continue;
    Object.assign(set, (columns[key] as (v: unknown) => ChannelUpdate)(wanted));
    note(key, current[key], wanted);
  }
  const fp = patch.fingerprint ?? {};
  const fpColumns = {
    enabled: (v: boolean) => (set.fingerprint = v ? 1 : 0),
    frequencySeconds: (v: number) => (set.fingerprintFrequency = v),
    durationSeconds: (v: number) => (set.fingerprintDuration = v),
    position: (v: ChannelRow['fingerprintPosition']) => (set.fingerprintPosition = v),
    fontSize: (v: number) => (set.fingerprintFontSize = v),
    color: (v: string) => (set.fingerprintColor = v),
    background: (v: string) => (set.fingerprintBackground = v),
  } as const;
  for (const key of Object.keys(fpColumns) as (keyof typeof fpColumns)[]) {
    const wanted = fp[key];
    if (wanted === undefined || wanted === current.fingerprint[key]) continue;
    (fpColumns[key] as (v: typeof wanted) => void)(wanted);
    note(`fingerprint.${key}`, current.fingerprint[key], wanted);
  }
  return Object.keys(after).length === 0 ? null : { set, before, after };
}

/** The console's channels and lineups: the rules of an edit, and the caches an edit makes every process forget. */
export class OperatorChannelsService {
  constructor(
    private readonly clock: Clock,
    private readonly repo: OperatorChannelsRepository,
    private readonly reference: ReferenceCache,
    private readonly caches: CacheRegistry,
    /** Where the server may ask for a stream (a stream check): a guide source's rules. */
    private readonly destinations: ImageDestinations | null = null,
  ) {}

  /**
   * Asks each of an imported channel's streams for itself, as a player would, with the
   * User-Agent and Referer its list gave (the one place the server fetches a stream).
   */
  async checkStreams(id: number, actor: Actor): Promise<StreamCheck[]> {
    const found = await this.repo.channel(id);
    if (!found) throw notFound(NO_CHANNEL);
    const streams = channelStreams(found.row);
    await this.repo.auditStreamCheck(
      id,
      streams.map((s) => s.url),
      actor,
      this.clock.now(),
    );
    const { destinations } = this;
    if (!destinations) return [];
    return Promise.all(streams.map((s) => checkStream(s, destinations)));
  }

  async list(q: ChannelsQuery): Promise<OperatorChannelPage> {
    const text = q.q ? normalizeForSearch(q.q) : '';
    const number = q.q && /^\d{1,6}$/.test(q.q.trim()) ? Number(q.q.trim()) : undefined;
    const offset = q.cursor ? Number(q.cursor) : 0;
    const { rows, total } = await this.repo.listChannels({
      text: q.q ? text : undefined,
      number,
      packageId: q.packageId,
      genreId: q.genreId,
      source: q.source,
      guide: q.guide,
      health: q.health,
      sort: q.sort,
      dir: q.dir,
      offset,
      limit: q.limit,
    });
    const next = offset + rows.length;
    return { items: rows.map(toRow), nextCursor: next < total && rows.length > 0 ? String(next) : null, total };
  }

  async channel(id: number): Promise<OperatorChannel> {
    const found = await this.repo.channel(id);
    if (!found) throw notFound(NO_CHANNEL);
    const { row, lineupIds } = found;
    const edit = editableOf(row);
    return {
      ...toRow(row),
      description: row.description,
      parental: row.parental,
      adult: row.isAdult === 1,
      timeShift: edit.timeShift,
      catchupHours: row.catchupHours,
      fingerprint: edit.fingerprint,
      streamUrl: row.streamUrl,
      alternates: alternatesOf(row.alternateStreams),
      streams: channelStreams(row),
      lineupIds,
    };
  }

  async update(id: number, patch: OperatorChannelPatch, actor: Actor): Promise<OperatorChannel> {
    const result = await this.repo.updateChannel(id, (row) => channelChanges(row, patch), actor, this.clock.now());
    switch (result.kind) {
      case 'missing':
        throw notFound(NO_CHANNEL);
      case 'clash': {
        const where = result.other.lineup ? ` en la lista «${result.other.lineup}»` : '';
        throw conflict(
          `El número ${patch.number ?? ''} ya lo tiene «${result.other.name}»${where}. Elige otro número o cambia antes el de ese canal.`,
        );
      }
      case 'no-package':
        throw badRequest('Ese paquete no existe.');
      case 'no-genre':
        throw badRequest('Ese género de canal no existe.');
      case 'saved':
        await this.changed();
        break;
      case 'unchanged':
        break;
    }
    return this.channel(id);
  }

  async lineups(): Promise<OperatorLineup[]> {
    return (await this.repo.lineups()).map((l) => ({
      id: l.id,
      name: l.name,
      regionId: l.regionId,
      regionName: l.regionName,
      channels: Number(l.channels),
    }));
  }

  async lineupPage(lineupId: number, cursor: string | undefined, limit: number): Promise<OperatorLineupPage> {
    if (!(await this.repo.lineupExists(lineupId))) throw notFound(NO_LINEUP);
    const offset = cursor ? Number(cursor) : 0;
    const { rows, total } = await this.repo.lineupPage(lineupId, offset, limit);
    const next = offset + rows.length;
    return {
      items: rows.map((r, i) => ({ position: offset + i, channel: toRow(r) })),
      nextCursor: next < total && rows.length > 0 ? String(next) : null,
      total,
    };
  }

  async move(lineupId: number, move: LineupMove, actor: Actor): Promise<LineupMoveResult> {
    if (!(await this.repo.lineupExists(lineupId))) throw notFound(NO_LINEUP);
    const moved = await this.repo.moveInLineup(lineupId, move.channelId, move.toPosition, actor, this.clock.now());
    if (!moved) throw notFound('Ese canal no está en esta lista.');
    if (moved.from !== moved.to) await this.changed();
    return { channelId: move.channelId, fromPosition: moved.from, toPosition: moved.to };
  }

  /**
   * Every process forgets the channels it holds and the answers built on them, so the
   * subscriber's channel list and guide show the change on their next request; the
   * channel's new updated_at changes the answers' keys in every process besides.
   */
  private async changed(): Promise<void> {
    await this.reference.invalidate('changes');
    await this.caches.forget(CHANNEL_ANSWER_CACHES);
  }
}
