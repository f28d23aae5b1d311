import type { CatalogueItem, SearchResource, SearchResponse } from '@pantalla/contracts';
import { kidsMayChannel, type CatalogueService, type KidsLevel } from './catalogue.service';
import type { SearchRepository } from './search.repository';
import { searchTermOf, withoutPercent } from './search-text';

const DAY = 86400000;
const PER_KIND = 40;
/** Among equal ranks, series come first, then films, programmes and channels. */
const TYPE_ORDER: Record<SearchResource['type'], number> = { serie: 0, movieEvent: 1, show: 2, channel: 3 };

/** Search over titles (and, for films and series, synopses and credits), accent- and case-insensitive. */
export class SearchService {
  constructor(
    private readonly repo: SearchRepository,
    private readonly catalogue: CatalogueService,
  ) {}

  async search(userId: number, raw: string, kids: KidsLevel = null): Promise<SearchResponse> {
    const term = searchTermOf(raw);
    if (term === null) return { term: raw, resources: [] };
    const v = await this.catalogue.viewer(userId, kids);
    const [films, series, channels, events] = await Promise.all([
      this.repo.films(term, PER_KIND),
      this.repo.series(term, PER_KIND),
      this.repo.channels(term, 10),
      // Programmes one can still watch (catch-up) or will soon: the guide's range.
      this.repo.events(term, v.now - 7 * DAY, v.now + 2 * DAY, 400),
    ]);
    const hits: { rank: number; resource: SearchResource }[] = [];
    const push = (
      rank: number,
      type: SearchResource['type'],
      item: CatalogueItem,
      description: string,
      longDescription: string,
    ) =>
      hits.push({
        rank,
        resource: {
          id: item.id,
          title: withoutPercent('title' in item ? item.title : item.name),
          description,
          longDescription,
          type,
          images: item.images,
          item,
        },
      });
    // films() and series() leave out what a kids profile may not see: ranks are looked up by id.
    const filmRank = new Map(films.map((f) => [f.id, f.rank]));
    const seriesRank = new Map(series.map((s) => [s.id, s.rank]));
    const filmItems = await this.catalogue.films(v, films);
    filmItems.forEach((f) => push(filmRank.get(f.id) ?? 3, 'movieEvent', f, f.description, f.longDescription));
    const seriesItems = await this.catalogue.series(v, series);
    seriesItems.forEach((s) => push(seriesRank.get(s.id) ?? 3, 'serie', s, s.description, s.longDescription));
    for (const c of channels.filter((ch) => kidsMayChannel(kids, ch)))
      push(c.rank, 'channel', this.catalogue.channel(v, c), c.description, c.description);
    // One hit per programme title: the airing or next airing, else the latest past one.
    const byTitle = new Map<string, (typeof events)[number]>();
    for (const e of events) {
      if (!this.catalogue.seesEvent(v, e)) continue;
      const best = byTitle.get(e.title);
      const score = (x: typeof e) => (x.endTime > v.now ? x.startTime - v.now : DAY * 30 + (v.now - x.endTime));
      if (!best || score(e) < score(best)) byTitle.set(e.title, e);
    }
    for (const e of [...byTitle.values()].slice(0, PER_KIND)) {
      const item = this.catalogue.event(v, e);
      push(e.rank, 'show', item, e.description, e.description);
    }
    hits.sort(
      (a, b) =>
        a.rank - b.rank ||
        TYPE_ORDER[a.resource.type] - TYPE_ORDER[b.resource.type] ||
        a.resource.title.localeCompare(b.resource.title, 'es'),
    );
    return { term: raw, resources: hits.map((h) => ({ resource: h.resource })) };
  }
}
