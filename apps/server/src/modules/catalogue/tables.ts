import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Catalogue tables. Ids are explicit integers chosen by the seed and the importers (not
 * identity columns), so that seeded ids such as channel 92 and later imports never collide
 * on PostgreSQL. Flags are 0/1; instants are epoch milliseconds.
 */

export interface RegionTable {
  id: number;
  name: string;
}

export interface LineupTable {
  id: number;
  regionId: number;
  name: string;
}

export interface LineupItemTable {
  lineupId: number;
  channelId: number;
  position: number;
}

export interface ChannelGenreTable {
  id: number;
  name: string;
  position: number;
}

export type FingerprintPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'random';

export interface ChannelTable {
  id: number;
  name: string;
  description: string;
  /** Dial number. */
  number: number;
  /** XMLTV/M3U identifier the importers match first. */
  tvgId: string | null;
  channelGenreId: number;
  parental: number;
  isAdult: number;
  tstv: number;
  epg: number;
  catchupHours: number;
  /** M3U catchup / catchup-source, kept for external streams. */
  catchupMode: string | null;
  catchupSource: string | null;
  fingerprint: number;
  fingerprintFrequency: number;
  fingerprintDuration: number;
  fingerprintPosition: FingerprintPosition;
  fingerprintFontSize: Generated<number>;
  fingerprintColor: Generated<string>;
  fingerprintBackground: Generated<string>;
  streamSource: 'origin' | 'external';
  streamUrl: string | null;
  streamProtocol: 'dash' | 'hls';
  /** External streams tried after streamUrl fails, in order: a JSON array of URLs (M3U alternates). */
  alternateStreams: string | null;
  clipKey: string;
  /** An imported logo URL; null draws one. */
  logoUrl: string | null;
  packageId: number;
  /** 'seed' channels get their guide generated; 'import' ones from XMLTV. */
  guideSource: 'seed' | 'import';
  searchTitle: string;
  updatedAt: number;
  /** 0: switched off from the console (kept, not listed to subscribers). */
  enabled: Generated<number>;
  /** 'radio': an audio channel of a list (radio="true"): kept, not listed among the TV channels. */
  kind: Generated<'tv' | 'radio'>;
  /** Minutes the guide's times of this channel are moved (M3U tvg-shift, in hours there). */
  guideShiftMinutes: Generated<number>;
  /** The User-Agent and Referer the external stream asks for (attribute, #EXTVLCOPT or the URL's |User-Agent= suffix). */
  streamUserAgent: string | null;
  streamReferrer: string | null;
}
export type ChannelRow = Selectable<ChannelTable>;
export type ChannelUpdate = Updateable<ChannelTable>;

export interface GenreTable {
  id: number;
  name: string;
  kind: 'section' | 'sport' | 'subgenre' | 'channels' | 'adult';
  parentId: number | null;
  position: number;
}
export type GenreRow = Selectable<GenreTable>;

export interface EventTable {
  id: number;
  channelId: number;
  startTime: number;
  endTime: number;
  title: string;
  subtitle: string;
  description: string;
  /** 7 = adult; default 2. */
  parental: number;
  rating: number;
  /** Age rating shown as a logo: TP, 7, 12, 16, 18. */
  ageRating: string;
  country: string;
  year: number | null;
  /** The most specific genre (a subgenre or a sport) and its section. */
  genreId: number | null;
  sectionId: number | null;
  /** Category names as the source gave them (JSON array of strings). */
  categories: string;
  director: string;
  /** JSON array of {name, url}. */
  actors: string;
  /** JSON array of {language, title, subtitle, description}. */
  languages: string;
  imageUrl: string | null;
  posterUrl: string | null;
  episodeNum: string;
  /** 1: the guide says it was shown before (XMLTV previously-shown); 0 or null (rows older than it, the seed): not said. */
  previouslyShown: number | null;
  /** 1: no guide gave its end (the last programme of a channel without stop nor length): it ends after a default length. */
  endUnknown: Generated<number>;
  /** A PPV event's own package; null: the channel's. */
  packageId: number | null;
  /** Set on pay-per-view events: the price its product sells at. */
  ppvPriceCents: number | null;
  featured: number;
  source: 'seed' | 'import';
  searchTitle: string;
  searchText: string;
}
export type EventRow = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
export type EventUpdate = Updateable<EventTable>;

export interface FilmTable {
  id: number;
  title: string;
  description: string;
  longDescription: string;
  runtimeSeconds: number;
  year: number;
  country: string;
  releaseDate: string;
  endOfAvailability: number | null;
  parental: number;
  ageRating: string;
  director: string;
  /** JSON array of actor names. */
  actors: string;
  clipKey: string;
  trailerClipKey: string | null;
  packageId: number;
  popularity: number;
  searchTitle: string;
  searchText: string;
}
export type FilmRow = Selectable<FilmTable>;

export interface SeriesTable {
  id: number;
  title: string;
  description: string;
  longDescription: string;
  year: number;
  country: string;
  parental: number;
  director: string;
  actors: string;
  packageId: number;
  popularity: number;
  searchTitle: string;
  searchText: string;
}
export type SeriesRow = Selectable<SeriesTable>;

export interface SeasonTable {
  id: number;
  seriesId: number;
  seasonNumber: number;
  title: string;
  description: string;
}
export type SeasonRow = Selectable<SeasonTable>;

export interface EpisodeTable {
  id: number;
  seriesId: number;
  seasonId: number;
  seasonNumber: number;
  episodeNumber: number;
  title: string;
  runtimeSeconds: number;
  description: string;
  releaseDate: string;
  clipKey: string;
}
export type EpisodeRow = Selectable<EpisodeTable>;

/** Which genres a film or series is in (its section and subgenres). */
export interface ContentGenreTable {
  contentType: 'film' | 'series';
  contentId: number;
  genreId: number;
}

export interface ScreenTable {
  id: number;
  name: string;
  alias: string;
  listGroupId: number;
  ordinal: number;
}
export type ScreenRow = Selectable<ScreenTable>;

export type ListKind =
  | 'featured'
  | 'keep-watching'
  | 'trending'
  | 'channels'
  | 'live-now'
  | 'catch-up'
  | 'films'
  | 'series'
  | 'events'
  | 'mixed';

export interface ListTable {
  id: number;
  listGroupId: number;
  name: string;
  pos: number;
  displayMode: number;
  loadMore: number;
  catchupRow: number;
  isAdult: number;
  personalised: number;
  kind: ListKind;
  /** For computed event rows: 'ppv' or 'genre:<id>'; null for manual rows. */
  rule: string | null;
}
export type ListRow = Selectable<ListTable>;

export interface ListItemTable {
  listId: number;
  position: number;
  itemType: 'film' | 'series' | 'channel' | 'event' | 'episode';
  itemId: number;
}
export type ListItemRow = Selectable<ListItemTable>;

/** A position: vod (film or episode), cutv (a catch-up programme) or rec (a recording, never listed). */
export type PositionKind = 'vod' | 'cutv' | 'rec';

export interface BookmarkTable {
  userId: number;
  /** The profile whose position it is (issue 30). */
  profileId: number;
  kind: PositionKind;
  contentId: number;
  positionMs: number;
  durationMs: number;
  updatedAt: number;
}
export type BookmarkRow = Selectable<BookmarkTable>;

/** Small facts about the catalogue: seed state, guide version, longest programme. */
export interface CatalogueMetaTable {
  key: string;
  value: string;
}

export interface CatalogueTables {
  regions: RegionTable;
  lineups: LineupTable;
  lineupItems: LineupItemTable;
  channelGenres: ChannelGenreTable;
  channels: ChannelTable;
  genres: GenreTable;
  events: EventTable;
  films: FilmTable;
  series: SeriesTable;
  seasons: SeasonTable;
  episodes: EpisodeTable;
  contentGenres: ContentGenreTable;
  screens: ScreenTable;
  lists: ListTable;
  listItems: ListItemTable;
  bookmarks: BookmarkTable;
  catalogueMeta: CatalogueMetaTable;
}
