import {
  BASIC_PACKAGE_ID,
  GENRE_ADULT,
  type CatalogueEvent,
  type CatalogueItem,
  type Channel,
  type ChannelsResponse,
  type Episode,
  type Film,
  type Lineup,
  type Season,
  type Series,
  type SeriesDetail,
  type TrailerResponse,
} from '@pantalla/contracts';
import { forbidden, notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { AccessResolver, AccessRights } from '../commerce';
import type { CatalogueRepository } from './catalogue.repository';
import type { CompactEventRow } from './guide.repository';
import { toChannel, toEpisode, toEvent, toFilm, toSeason, toSeries } from './mappers';
import type { Reference, ReferenceCache } from './reference-cache';
import type { ResponseCache } from './response-cache';
import type { ChannelRow, EpisodeRow, FilmRow, SeriesRow } from './tables';

/** A reference to a catalogue item, as list rows and bookmarks hold them. */
export interface ItemRef {
  itemType: 'film' | 'series' | 'channel' | 'event' | 'episode';
  itemId: number;
}

/** What every catalogue answer is computed from: the user's access, reference data, the time. */
export interface Viewer {
  access: AccessResolver;
  ref: Reference;
  now: number;
  /** A kids profile's highest rating (issue 30): null for an adult profile, which sees everything. */
  kids: KidsLevel;
}

/** A kids profile's highest rating, or null for an adult profile. */
export type KidsLevel = number | null;

/** Rating 7: adult content, which a kids profile never sees whatever its level. */
export const ADULT_RATING = 7;

/** The refusal of one item to a kids profile: its data is the same in every language. */
export const KIDS_REFUSED = 'Este contenido no está disponible en un perfil infantil.';
export const kidsRefused = () => forbidden(KIDS_REFUSED, { profile: 'kids_refused' });

/** Whether a kids profile at `level` may see something rated `parental` in these genres (never the adult section). */
export function kidsMay(level: KidsLevel, parental: number, ...genres: (number | null)[]): boolean {
  if (level === null) return true;
  return parental < ADULT_RATING && parental <= level && !genres.includes(GENRE_ADULT);
}

/** Whether a kids profile may see a channel: never an adult one, nor one rated above its level. */
export function kidsMayChannel(level: KidsLevel, c: Pick<ChannelRow, 'isAdult' | 'parental'>): boolean {
  return level === null || (c.isAdult === 0 && kidsMay(level, c.parental));
}

/** Films, series, channels and lineups, each marked with the viewer's access; the item resolver other services use. */
export class CatalogueService {
  constructor(
    private readonly clock: Clock,
    readonly repo: CatalogueRepository,
    readonly reference: ReferenceCache,
    /** Serialised lists shared between users with the same packages (channels, guide windows). */
    readonly responses: ResponseCache,
    private readonly rights: AccessRights,
  ) {}

  async viewer(userId: number, kids: KidsLevel = null): Promise<Viewer> {
    const [access, ref] = await Promise.all([this.rights.accessForMarking(userId), this.reference.get()]);
    return { access, ref, now: this.clock.now(), kids };
  }

  /** Whether the viewer may see a programme: its rating, genre and section, and its channel. */
  seesEvent(v: Viewer, row: Pick<CompactEventRow, 'channelId' | 'parental' | 'genreId' | 'sectionId'>): boolean {
    if (v.kids === null) return true;
    const channel = v.ref.channelById.get(row.channelId);
    return (
      channel !== undefined &&
      kidsMayChannel(v.kids, channel) &&
      kidsMay(v.kids, row.parental, row.genreId, row.sectionId)
    );
  }

  genreRefs(v: Viewer, ids: number[]): { id: number; name: string }[] {
    return ids.flatMap((id) => {
      const g = v.ref.genreById.get(id);
      return g ? [{ id, name: g.name }] : [];
    });
  }

  channel(v: Viewer, row: ChannelRow): Channel {
    return toChannel(row, v.access.access(row.packageId));
  }

  event(v: Viewer, row: CompactEventRow): CatalogueEvent {
    return toEvent(
      row,
      v.access.access(this.eventPackage(v, row.channelId, row.packageId)),
      v.now,
      v.ref.channelById.get(row.channelId)?.catchupHours ?? 0,
    );
  }

  /** A programme's package: its own (pay-per-view), else its channel's. */
  eventPackage(v: Viewer, channelId: number, packageId: number | null): number {
    return packageId ?? v.ref.channelById.get(channelId)?.packageId ?? BASIC_PACKAGE_ID;
  }

  async films(v: Viewer, rows: FilmRow[]): Promise<Film[]> {
    const genres = await this.repo.genresOf(
      'film',
      rows.map((r) => r.id),
    );
    return rows
      .filter((r) => kidsMay(v.kids, r.parental, ...(genres.get(r.id) ?? [])))
      .map((r) => toFilm(r, this.genreRefs(v, genres.get(r.id) ?? []), v.access.access(r.packageId)));
  }

  async series(v: Viewer, rows: SeriesRow[]): Promise<Series[]> {
    const ids = rows.map((r) => r.id);
    const [genres, seasons] = await Promise.all([this.repo.genresOf('series', ids), this.repo.seasonCounts(ids)]);
    return rows
      .filter((r) => kidsMay(v.kids, r.parental, ...(genres.get(r.id) ?? [])))
      .map((r) =>
        toSeries(r, this.genreRefs(v, genres.get(r.id) ?? []), seasons.get(r.id) ?? 0, v.access.access(r.packageId)),
      );
  }

  async episodes(v: Viewer, rows: EpisodeRow[]): Promise<Episode[]> {
    const series = new Map(
      (await this.repo.seriesByIds([...new Set(rows.map((r) => r.seriesId))])).map((s) => [s.id, s]),
    );
    return rows.flatMap((r) => {
      const s = series.get(r.seriesId);
      // An episode is rated as its series (the adult section is checked on the series' page).
      return s && kidsMay(v.kids, s.parental) ? [toEpisode(r, s, v.access.access(s.packageId))] : [];
    });
  }

  /** Channels of a lineup in its order (every channel by number without one). */
  async lineupChannels(v: Viewer, lineupId: number | undefined): Promise<ChannelRow[]> {
    // A channel switched off in the console, or a list's radio, stays stored but is not listed.
    const listed = (c: ChannelRow) => listedChannel(c) && kidsMayChannel(v.kids, c);
    if (lineupId === undefined) return v.ref.channels.filter(listed);
    if (!(await this.repo.lineupById(lineupId))) throw notFound('No existe esa lista de canales.');
    const items = await this.repo.lineupItems(lineupId);
    return items.flatMap((i) => {
      const c = v.ref.channelById.get(i.channelId);
      return c && listed(c) ? [c] : [];
    });
  }

  /** Resolves references of any kind, keeping their order and dropping those that no longer exist. */
  async resolve(
    v: Viewer,
    refs: ItemRef[],
    events: Map<number, CompactEventRow> = new Map(),
  ): Promise<CatalogueItem[]> {
    const ids = (t: ItemRef['itemType']) => [...new Set(refs.filter((r) => r.itemType === t).map((r) => r.itemId))];
    const [films, series, episodes] = await Promise.all([
      this.repo.filmsByIds(ids('film')).then((rows) => this.films(v, rows)),
      this.repo.seriesByIds(ids('series')).then((rows) => this.series(v, rows)),
      this.repo.episodesByIds(ids('episode')).then((rows) => this.episodes(v, rows)),
    ]);
    const byKey = new Map<string, CatalogueItem>();
    for (const f of films) byKey.set(`film:${f.id}`, f);
    for (const s of series) byKey.set(`series:${s.id}`, s);
    for (const e of episodes) byKey.set(`episode:${e.id}`, e);
    for (const id of ids('channel')) {
      const c = v.ref.channelById.get(id);
      if (c && kidsMayChannel(v.kids, c)) byKey.set(`channel:${id}`, this.channel(v, c));
    }
    for (const [id, row] of events) if (this.seesEvent(v, row)) byKey.set(`event:${id}`, this.event(v, row));
    return refs.flatMap((r) => {
      const item = byKey.get(`${r.itemType}:${r.itemId}`);
      return item ? [item] : [];
    });
  }

  // ------------------------------------------------------------------ routes' operations

  async lineups(): Promise<Lineup[]> {
    return (await this.repo.listLineups()).map((l) => ({ id: l.id, regionId: l.regionId, name: l.name }));
  }

  async lineupItems(lineupId: number) {
    if (!(await this.repo.lineupById(lineupId))) throw notFound('No existe esa lista de canales.');
    const items = await this.repo.lineupItems(lineupId);
    return items.map((i) => ({
      lineupId: i.lineupId,
      position: i.position,
      reference: { type: 'channel' as const, id: i.channelId },
    }));
  }

  async channels(userId: number, lineupId: number | undefined, kids: KidsLevel = null): Promise<Channel[]> {
    const v = await this.viewer(userId, kids);
    return (await this.lineupChannels(v, lineupId)).map((c) => this.channel(v, c));
  }

  /** GET /channels serialised: shared by every user with the same packages until the channels change. */
  async channelsJson(userId: number, lineupId: number | undefined, kids: KidsLevel = null): Promise<Buffer> {
    const v = await this.viewer(userId, kids);
    // The whole list depends on the rows alone; a lineup's on its items too, which the generation follows.
    // Kids profiles of a level share theirs, never an adult's.
    const key =
      lineupId === undefined
        ? `all|${v.ref.channelsVersion}|${v.access.key}|${audienceKey(kids)}`
        : `${v.ref.generation}|${v.access.key}|${lineupId}|${audienceKey(kids)}`;
    return this.responses.get(key, async () => {
      const resources = (await this.lineupChannels(v, lineupId)).map((c) => this.channel(v, c));
      // Encoded once: every user with these packages gets the same bytes.
      return Buffer.from(JSON.stringify({ resources } satisfies ChannelsResponse));
    });
  }

  async channelById(userId: number, id: number, kids: KidsLevel = null): Promise<Channel> {
    const v = await this.viewer(userId, kids);
    const row = v.ref.channelById.get(id);
    // A radio (an audio channel) is no TV channel: as if it were not there.
    if (!row || row.kind === 'radio') throw notFound('No existe ese canal.');
    if (!kidsMayChannel(kids, row)) throw kidsRefused();
    return this.channel(v, row);
  }

  async contents(
    userId: number,
    limit: number,
    offset: number,
    kids: KidsLevel = null,
  ): Promise<{ total: number; resources: Film[] }> {
    const v = await this.viewer(userId, kids);
    // A kids profile's pages are counted and cut in the database, so its pages stay whole.
    const [total, rows] = await Promise.all([this.repo.countFilms(kids), this.repo.listFilms(limit, offset, kids)]);
    return { total, resources: await this.films(v, rows) };
  }

  async film(userId: number, id: number, kids: KidsLevel = null): Promise<Film> {
    const v = await this.viewer(userId, kids);
    const row = await this.repo.filmById(id);
    if (!row) throw notFound('No existe esa película.');
    const [film] = await this.films(v, [row]);
    if (!film) throw kidsRefused();
    return film;
  }

  async trailer(id: number, kids: KidsLevel = null): Promise<TrailerResponse> {
    const row = await this.repo.filmById(id);
    if (!row) throw notFound('No existe esa película.');
    if (kids !== null && !kidsMay(kids, row.parental, ...((await this.repo.genresOf('film', [id])).get(id) ?? [])))
      throw kidsRefused();
    if (!row.trailerClipKey) throw notFound('Esta película no tiene tráiler.');
    // Trailers are clear (no DRM) clips the origin serves by clip key.
    return { class: 'trailer', link: `/media/clips/${row.trailerClipKey}/manifest.mpd`, clipKey: row.trailerClipKey };
  }

  async seriesList(userId: number, kids: KidsLevel = null): Promise<Series[]> {
    const v = await this.viewer(userId, kids);
    return this.series(v, await this.repo.listSeries());
  }

  private async seasonsOf(seriesId: number): Promise<Season[]> {
    const rows = await this.repo.seasonsOfSeries(seriesId);
    const counts = await this.repo.episodeCounts(rows.map((r) => r.id));
    return rows.map((r) => toSeason(r, counts.get(r.id) ?? 0));
  }

  async seriesDetail(userId: number, id: number, kids: KidsLevel = null): Promise<SeriesDetail> {
    const v = await this.viewer(userId, kids);
    const row = await this.repo.seriesById(id);
    if (!row) throw notFound('No existe esa serie.');
    const [series] = await this.series(v, [row]);
    if (!series) throw kidsRefused();
    return { ...series, seasons: await this.seasonsOf(id) };
  }

  /** Refuses a kids profile a series it may not see (its seasons and episodes with it). */
  private async seriesAllowed(row: SeriesRow, kids: KidsLevel): Promise<void> {
    if (kids === null) return;
    const genres = (await this.repo.genresOf('series', [row.id])).get(row.id) ?? [];
    if (!kidsMay(kids, row.parental, ...genres)) throw kidsRefused();
  }

  async seasons(id: number, kids: KidsLevel = null): Promise<Season[]> {
    const row = await this.repo.seriesById(id);
    if (!row) throw notFound('No existe esa serie.');
    await this.seriesAllowed(row, kids);
    return this.seasonsOf(id);
  }

  async episodesOfSeason(userId: number, seasonId: number, kids: KidsLevel = null): Promise<Episode[]> {
    const season = await this.repo.seasonById(seasonId);
    if (!season) throw notFound('No existe esa temporada.');
    if (kids !== null) {
      const series = await this.repo.seriesById(season.seriesId);
      if (series) await this.seriesAllowed(series, kids);
    }
    const v = await this.viewer(userId, kids);
    return this.episodes(v, await this.repo.episodesOfSeason(seasonId));
  }

  async channelGenres() {
    return (await this.reference.get()).channelGenres;
  }
}

/** Listed to viewers among the TV channels: not switched off in the console, not a list's radio (issue 31). */
export function listedChannel(c: Pick<ChannelRow, 'enabled' | 'kind'>): boolean {
  return c.enabled !== 0 && c.kind !== 'radio';
}

/** The part of a shared answer's key that keeps kids profiles' answers apart from adults' (and levels apart). */
export function audienceKey(kids: KidsLevel): string {
  return kids === null ? 'all' : `kids${kids}`;
}
