import {
  GUIDE_SEARCH_MAX_HITS,
  type GuideSearchHit,
  type GuideSearchQuery,
  type GuideSearchResponse,
  type GuideSearchWhen,
} from '@pantalla/contracts';
import type { Clock } from '../../../platform/clock';
import type { ProfileContext } from '../../identity';
import { listedChannel, type CatalogueService, type Viewer } from '../catalogue.service';
import { normalizeForSearch } from '../search-text';
import type { AiringRow, GuideSearchRepository } from './guide-search.repository';
import { TitleIndex } from './title-index';

const HOUR = 3_600_000;
/** Titles a query reads airings of: the best ones first, the rest when those fill no answer. */
const TITLES_PER_QUERY = 40;
const TITLES_FIRST = 10;
/** A demo's guide grows without a new version: the titles are read again after this long anyway. */
const INDEX_MAX_AGE_MS = 10 * 60_000;
const WHEN_ORDER: Record<GuideSearchWhen, number> = { now: 0, later: 1, catchup: 2 };

interface BuiltIndex {
  version: string;
  builtAt: number;
  index: TitleIndex;
}

/**
 * Programmes found by title across every channel and day of the guide (issue 30): accent- and
 * case-insensitive, words typed in part or with a slip (title-index.ts). The distinct titles
 * are held in memory, read again when the guide's version changes; a query meanwhile is
 * answered from the previous titles, so an import never makes a viewer wait.
 */
export class GuideSearchService {
  private built: BuiltIndex | null = null;
  private building: Promise<BuiltIndex> | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly repo: GuideSearchRepository,
    private readonly catalogue: CatalogueService,
  ) {}

  async search(userId: number, profile: ProfileContext, query: GuideSearchQuery): Promise<GuideSearchResponse> {
    const term = normalizeForSearch(query.q);
    if (term.length === 0) return { hits: [], nextCursor: null };
    const v = await this.catalogue.viewer(userId);
    const since = v.now - catchupReach(v);
    const index = await this.titleIndex(v, since);
    const titles = index.find(term, TITLES_PER_QUERY);
    const rank = new Map(titles.map((t, i) => [t, i]));
    const hits: (GuideSearchHit & { rank: number })[] = [];
    // The best titles' airings first: most answers are full before the rest are read.
    for (const chunk of [titles.slice(0, TITLES_FIRST), titles.slice(TITLES_FIRST)]) {
      if (chunk.length === 0 || hits.length >= GUIDE_SEARCH_MAX_HITS) break;
      this.collect(v, profile, await this.repo.airings(chunk, since), rank, hits);
    }
    hits.sort(
      (a, b) =>
        WHEN_ORDER[a.when] - WHEN_ORDER[b.when] ||
        a.rank - b.rank ||
        (a.when === 'catchup' ? b.startTime - a.startTime : a.startTime - b.startTime) ||
        a.eventId - b.eventId,
    );
    const all = hits.slice(0, GUIDE_SEARCH_MAX_HITS);
    const page = all.slice(query.cursor, query.cursor + query.limit).map(({ rank: _rank, ...hit }) => hit);
    const end = query.cursor + page.length;
    return { hits: page, nextCursor: end < all.length ? end : null };
  }

  /** The rows a viewer may see, as hits with their title's rank. */
  private collect(
    v: Viewer,
    profile: ProfileContext,
    rows: readonly AiringRow[],
    rank: ReadonlyMap<string, number>,
    hits: (GuideSearchHit & { rank: number })[],
  ): void {
    for (const row of rows) {
      const channel = v.ref.channelById.get(row.channelId);
      if (!channel || !listedChannel(channel) || channel.isAdult === 1) continue;
      if (profile.kind === 'kids' && row.parental > profile.kidsMaxRating) continue;
      const when = whenOf(row, channel.catchupHours, v.now);
      if (when === null) continue;
      hits.push({
        eventId: row.id,
        channelId: channel.id,
        channelName: channel.name,
        channelNumber: channel.number,
        title: row.title,
        subtitle: row.subtitle,
        startTime: row.startTime,
        endTime: row.endTime,
        when,
        rank: rank.get(row.searchTitle) ?? TITLES_PER_QUERY,
      });
    }
  }

  private async titleIndex(v: Viewer, since: number): Promise<TitleIndex> {
    const current = this.built;
    const fresh =
      current && current.version === v.ref.guideVersion && this.clock.now() - current.builtAt < INDEX_MAX_AGE_MS;
    if (fresh) return current.index;
    this.building ??= this.build(v.ref.guideVersion, since).finally(() => {
      this.building = null;
    });
    const building = this.building;
    if (current) {
      // The previous titles answer while the new ones are read.
      building.catch(() => undefined);
      return current.index;
    }
    return (await building).index;
  }

  private async build(version: string, since: number): Promise<BuiltIndex> {
    const titles = await this.repo.titles(since);
    const built = { version, builtAt: this.clock.now(), index: new TitleIndex(titles) };
    this.built = built;
    return built;
  }
}

/** How far back catch-up reaches on any channel. */
function catchupReach(v: Viewer): number {
  let hours = 0;
  for (const c of v.ref.channels) if (c.catchupHours > hours) hours = c.catchupHours;
  return hours * HOUR;
}

function whenOf(
  row: { startTime: number; endTime: number },
  catchupHours: number,
  now: number,
): GuideSearchWhen | null {
  if (row.startTime <= now && row.endTime > now) return 'now';
  if (row.startTime > now) return 'later';
  return row.endTime > now - catchupHours * HOUR ? 'catchup' : null;
}
