import type { CatalogueItem, Category, Screen } from '@pantalla/contracts';
import { notFound } from '../../platform/errors';
import type { CatalogueService, ItemRef, Viewer } from './catalogue.service';
import type { GuideService } from './guide.service';
import type { CompactEventRow } from './guide.repository';
import type { KeepWatchingService } from './keep-watching.service';
import type { ListItemRow, ListRow } from './tables';

const HOUR = 3600000;
/** Computed rows hold at most this many items. */
const COMPUTED_MAX = 60;

/** Screens, their rows (categories) and each row's items. */
export class ListsService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly guide: GuideService,
    private readonly keepWatching: KeepWatchingService,
  ) {}

  async screens(): Promise<Screen[]> {
    return (await this.catalogue.repo.listScreens()).map((s) => ({
      id: s.id,
      name: s.name,
      alias: s.alias,
      listGroupId: s.listGroupId,
      query: `/api/v1/screen/lists?listGroupId=${s.listGroupId}`,
      ordinal: s.ordinal,
    }));
  }

  private category(list: ListRow, items: ListItemRow[], total: number): Category {
    return {
      id: list.id,
      name: list.name,
      pos: list.pos,
      order: items.map((i) => ({ id: i.itemId, pos: i.position })),
      displayMode: list.displayMode === 2 ? 2 : list.displayMode === 3 ? 3 : 1,
      load_more: list.loadMore ? 1 : 0,
      catchup_row: list.catchupRow ? 1 : 0,
      is_adult: list.isAdult ? 1 : 0,
      personalised: list.personalised ? 1 : 0,
      kind: list.kind,
      query: list.kind === 'keep-watching' ? '/api/v1/keep-watching' : `/api/v1/lists/${list.id}/resources`,
      total,
    };
  }

  /** A screen's rows by pos, each with its current item count. */
  async screenLists(userId: number, listGroupId: number, lineupId: number | undefined): Promise<Category[]> {
    const lists = await this.catalogue.repo.listsOfGroup(listGroupId);
    if (lists.length === 0) throw notFound('No existe ese grupo de listas.');
    const v = await this.catalogue.viewer(userId);
    const items = await this.catalogue.repo.itemsOfLists(lists.map((l) => l.id));
    const out: Category[] = [];
    for (const list of lists) {
      const own = items.filter((i) => i.listId === list.id);
      const total = list.kind === 'keep-watching' ? (await this.keepWatching.list(userId)).length : (await this.items(v, list, own, lineupId)).length;
      out.push(this.category(list, own, total));
    }
    return out;
  }

  /** Every item of a row, resolved and marked with the viewer's access. */
  private async items(v: Viewer, list: ListRow, manual: ListItemRow[], lineupId: number | undefined): Promise<CatalogueItem[]> {
    const channels = (await this.catalogue.lineupChannels(v, lineupId)).filter((c) => list.isAdult === 1 || c.isAdult === 0);
    const channelIds = channels.map((c) => c.id);
    const events = async (rows: CompactEventRow[]) =>
      this.catalogue.resolve(
        v,
        rows.map((r) => ({ itemType: 'event', itemId: r.id })),
        new Map(rows.map((r) => [r.id, r])),
      );
    switch (list.kind) {
      case 'channels':
        return channels.map((c) => this.catalogue.channel(v, c));
      case 'live-now':
        return events(await this.guide.repo.liveAt(v.now, v.ref.maxEventMs, channelIds));
      case 'catch-up': {
        const withCatchup = channels.filter((c) => c.catchupHours > 0).map((c) => c.id);
        const rows = await this.guide.repo.endedBetween(v.now - 24 * HOUR, v.now, withCatchup, 400);
        // One entry per title: a daily show would otherwise fill the row.
        const seen = new Set<string>();
        return events(rows.filter((r) => !seen.has(r.title) && seen.add(r.title)).slice(0, COMPUTED_MAX));
      }
      case 'events': {
        if (list.rule === 'ppv') return events(await this.guide.repo.upcomingPpv(v.now, COMPUTED_MAX));
        const genreId = Number(list.rule?.split(':')[1]);
        const rows = await this.guide.repo.eventsOfGenre(genreId, v.now - 3 * HOUR, v.now + 48 * HOUR, 400);
        const allowed = new Set(channelIds);
        return events(rows.filter((r) => r.endTime > v.now && allowed.has(r.channelId)).slice(0, COMPUTED_MAX));
      }
      case 'featured': {
        const items = await this.catalogue.resolve(v, manual);
        // The next pay-per-view event joins the carousel second, with its product.
        const [ppv] = await this.guide.repo.upcomingPpv(v.now, 1);
        if (ppv) items.splice(1, 0, this.catalogue.event(v, ppv));
        return items;
      }
      case 'keep-watching':
        return [];
      default:
        return this.catalogue.resolve(v, manual as ItemRef[]);
    }
  }

  async listResources(userId: number, listId: number, limit: number, offset: number) {
    const list = await this.catalogue.repo.listById(listId);
    if (!list) throw notFound('No existe esa lista.');
    if (list.kind === 'keep-watching') {
      const all = (await this.keepWatching.list(userId)).map((b) => ({ resource: b.resource }));
      return { listId, total: all.length, resources: all.slice(offset, offset + limit) };
    }
    const v = await this.catalogue.viewer(userId);
    const all = await this.items(v, list, await this.catalogue.repo.itemsOfLists([listId]), undefined);
    return { listId, total: all.length, resources: all.slice(offset, offset + limit).map((resource) => ({ resource })) };
  }

  /** Every item of a category (the /allincat pages). */
  async categoryContents(userId: number, listId: number) {
    const list = await this.catalogue.repo.listById(listId);
    if (!list) throw notFound('No existe esa categoría.');
    const manual = await this.catalogue.repo.itemsOfLists([listId]);
    const page = await this.listResources(userId, listId, 500, 0);
    return { category: this.category(list, manual, page.total), resources: page.resources };
  }
}
