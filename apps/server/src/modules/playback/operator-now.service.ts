import { OPERATOR_NOW_MAX_AGE_MS, type OperatorNow } from '@pantalla/contracts';
import { badRequest } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { Playables } from '../catalogue';
import { countOf, decodeNowCursor, pageOf, type NowCount } from './operator-now';
import type { OperatorNowRepository } from './operator-now.repository';

/**
 * The console's Now view. Every viewer (and every page) reads one shared count, made at most
 * every OPERATOR_NOW_MAX_AGE_MS by one GROUP BY: ten consoles polling cost what one does.
 */
export class OperatorNowService {
  private latest: NowCount | null = null;
  private counting: Promise<NowCount> | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly repo: OperatorNowRepository,
    private readonly playables: Pick<Playables, 'channelLabels'>,
  ) {}

  private count(): Promise<NowCount> {
    const now = this.clock.now();
    if (this.latest && now - this.latest.countedAt < OPERATOR_NOW_MAX_AGE_MS) return Promise.resolve(this.latest);
    // Requests arriving while a count runs share it.
    this.counting ??= this.repo
      .openGroups(now)
      .then((groups) => (this.latest = countOf(groups, now)))
      .finally(() => (this.counting = null));
    return this.counting;
  }

  async page(cursorText: string | undefined, limit: number): Promise<OperatorNow> {
    const cursor = cursorText === undefined ? null : decodeNowCursor(cursorText);
    if (cursor === null && cursorText !== undefined) throw badRequest('cursor no es de esta lista.');
    const count = await this.count();
    const page = pageOf(count.ranking, cursor, limit);
    // Names for this page's channels only, in one query.
    const labels = new Map(
      (await this.playables.channelLabels(page.items.map((i) => i.channelId))).map((l) => [l.id, l]),
    );
    return {
      items: page.items.map((i) => ({
        ...i,
        name: labels.get(i.channelId)?.name ?? null,
        number: labels.get(i.channelId)?.number ?? null,
      })),
      nextCursor: page.nextCursor,
      countedAt: count.countedAt,
      totalStreams: count.totalStreams,
      byKind: count.byKind,
      channelsWatched: count.ranking.length,
    };
  }
}
