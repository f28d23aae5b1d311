import type { CatalogueItem, Category, Screen } from '@pantalla/contracts';
import { notFound } from '../../platform/errors';
import type { ProfileKey } from './bookmarks.repository';
import { kidsRefused, type CatalogueService, type ItemRef, type KidsLevel, type Viewer } from './catalogue.service';
import type { GuideService } from './guide.service';
import type { CompactEventRow } from './guide.repository';
import type { KeepWatchingService } from './keep-watching.service';
import type { ChannelRow, ListItemRow, ListRow } from './tables';

/** The channels of the lineup a request asks about, read at most once. */
type Lineup = () => Promise<ChannelRow[]>;

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
  async screenLists(
    { userId, profileId }: ProfileKey,
    listGroupId: number,
    lineupId: number | undefined,
    kids: KidsLevel = null,
  ): Promise<Category[]> {
    const all = await this.catalogue.repo.listsOfGroup(listGroupId);
    if (all.length === 0) throw notFound('No existe ese grupo de listas.');
    // A kids profile's screen has no adult row at all.
    const lists = kids === null ? all : all.filter((l) => l.isAdult !== 1);
    const v = await this.catalogue.viewer(userId, kids);
    // Read first: an unknown lineup answers 404 whatever the rows are.
    const lineup = this.lineupOnce(v, lineupId);
    await lineup();
    const items = await this.catalogue.repo.itemsOfLists(lists.map((l) => l.id));
    const out: Category[] = [];
    for (const list of lists) {
      const own = items.filter((i) => i.listId === list.id);
      const total =
        list.kind === 'keep-watching'
          ? (await this.keepWatching.list({ userId, profileId }, kids)).length
          : await this.total(v, list, own, lineup);
      out.push(this.category(list, own, total));
    }
    return out;
  }

  /**
   * How many items a row has. The channel rows and what is on now are counted without being
   * built: each channel and each programme airing is one item, and at 10,000 channels
   * building them all for a count held the server's thread for a quarter of a second.
   */
  private async total(v: Viewer, list: ListRow, manual: ListItemRow[], lineup: Lineup): Promise<number> {
    // A kids profile's programmes are filtered one by one: its rows are counted by building them.
    if ((list.kind !== 'channels' && list.kind !== 'live-now') || (v.kids !== null && list.kind === 'live-now'))
      return (await this.items(v, list, manual, lineup)).length;
    const channels = await this.rowChannels(list, lineup);
    if (list.kind === 'channels') return channels.length;
    return this.guide.repo.liveCountAt(
      v.now,
      v.ref.maxEventMs,
      channels.map((c) => c.id),
    );
  }

  /** The lineup's channels, read once however many rows of a request ask (10,000 channels take a while). */
  private lineupOnce(v: Viewer, lineupId: number | undefined): Lineup {
    let read: Promise<ChannelRow[]> | null = null;
    return () => (read ??= this.catalogue.lineupChannels(v, lineupId));
  }

  /** The channels a row draws from: the lineup's, adult ones only in an adult row. */
  private async rowChannels(list: ListRow, lineup: Lineup): Promise<ChannelRow[]> {
    return (await lineup()).filter((c) => list.isAdult === 1 || c.isAdult === 0);
  }

  /** Every item of a row, resolved and marked with the viewer's access. */
  private async items(v: Viewer, list: ListRow, manual: ListItemRow[], lineup: Lineup): Promise<CatalogueItem[]> {
    const channels = () => this.rowChannels(list, lineup);
    const events = async (rows: CompactEventRow[]) =>
      this.catalogue.resolve(
        v,
        rows.map((r) => ({ itemType: 'event', itemId: r.id })),
        new Map(rows.map((r) => [r.id, r])),
      );
    switch (list.kind) {
      case 'channels':
        return (await channels()).map((c) => this.catalogue.channel(v, c));
      case 'live-now':
        return events(
          await this.guide.repo.liveAt(
            v.now,
            v.ref.maxEventMs,
            (await channels()).map((c) => c.id),
          ),
        );
      case 'catch-up': {
        const withCatchup = (await channels()).filter((c) => c.catchupHours > 0).map((c) => c.id);
        const rows = await this.guide.repo.endedBetween(v.now - 24 * HOUR, v.now, withCatchup, 400);
        // One entry per title: a daily show would otherwise fill the row.
        const seen = new Set<string>();
        return events(rows.filter((r) => !seen.has(r.title) && seen.add(r.title)).slice(0, COMPUTED_MAX));
      }
      case 'events': {
        if (list.rule === 'ppv') return events(await this.guide.repo.upcomingPpv(v.now, COMPUTED_MAX));
        const genreId = Number(list.rule?.split(':')[1]);
        const rows = await this.guide.repo.eventsOfGenre(genreId, v.now - 3 * HOUR, v.now + 48 * HOUR, 400);
        const allowed = new Set((await channels()).map((c) => c.id));
        return events(rows.filter((r) => r.endTime > v.now && allowed.has(r.channelId)).slice(0, COMPUTED_MAX));
      }
      case 'featured': {
        const items = await this.catalogue.resolve(v, manual);
        // The next pay-per-view event joins the carousel second, with its product.
        const [ppv] = await this.guide.repo.upcomingPpv(v.now, 1);
        if (ppv && this.catalogue.seesEvent(v, ppv)) items.splice(1, 0, this.catalogue.event(v, ppv));
        return items;
      }
      case 'keep-watching':
        return [];
      default:
        return this.catalogue.resolve(v, manual as ItemRef[]);
    }
  }

  async listResources(
    { userId, profileId }: ProfileKey,
    listId: number,
    limit: number,
    offset: number,
    kids: KidsLevel = null,
  ) {
    const list = await this.catalogue.repo.listById(listId);
    if (!list) throw notFound('No existe esa lista.');
    if (kids !== null && list.isAdult === 1) throw kidsRefused();
    if (list.kind === 'keep-watching') {
      const all = (await this.keepWatching.list({ userId, profileId }, kids)).map((b) => ({ resource: b.resource }));
      return { listId, total: all.length, resources: all.slice(offset, offset + limit) };
    }
    const v = await this.catalogue.viewer(userId, kids);
    const all = await this.items(
      v,
      list,
      await this.catalogue.repo.itemsOfLists([listId]),
      this.lineupOnce(v, undefined),
    );
    return {
      listId,
      total: all.length,
      resources: all.slice(offset, offset + limit).map((resource) => ({ resource })),
    };
  }

  /** Every item of a category (the /allincat pages). */
  async categoryContents(who: ProfileKey, listId: number, kids: KidsLevel = null) {
    const list = await this.catalogue.repo.listById(listId);
    if (!list) throw notFound('No existe esa categoría.');
    const manual = await this.catalogue.repo.itemsOfLists([listId]);
    const page = await this.listResources(who, listId, 500, 0, kids);
    return { category: this.category(list, manual, page.total), resources: page.resources };
  }
}
