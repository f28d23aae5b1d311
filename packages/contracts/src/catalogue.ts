import { z } from 'zod';
import { requestString } from './text';
import { idParamSchema, idSchema } from './ids';
import { accessSchema } from './commerce';

/*
 * Catalogue wire shapes (viewing spec sections 3 and 7). Instants are epoch milliseconds
 * (`startTime`, `endTime`); the EPG's `fc_ini`/`fc_end` are display strings
 * 'YYYY-MM-DD HH:MM:SS' in the time zone the guide asked for. Images are SVGs the server
 * draws (absolute paths under /api/v1/images, no auth needed) unless an import named an
 * external one.
 */

// ---------------------------------------------------------------- special ids

/** Genre id of the channel listing (/gid/5310, 'TV Channels'). */
export const GENRE_CHANNELS = 5310;
/** Genre id of AMC a la carta, which switches between its Cine and Series subgenres. */
export const GENRE_AMC = 5320;
/** Subgenre ids of AMC: Cine and Series. */
export const GENRE_AMC_CINE = 5321;
export const GENRE_AMC_SERIES = 5322;
/** Genre id of the adult section, gated by the parental PIN. */
export const GENRE_ADULT = 162;
/** Section genres of the header menu. */
export const GENRE_CINE = 100;
export const GENRE_DOCUMENTALES = 200;
export const GENRE_DEPORTES = 300;
export const GENRE_INFANTIL = 400;
/** Parental rating that needs the PIN; the default rating is 2. */
export const PARENTAL_RESTRICTED = 7;
export const PARENTAL_DEFAULT = 2;
/** The channel genre whose channels zapping skips, except channels 92 and 221. */
export const CHANNEL_GENRE_ZAP_EXCLUDED = 5;

// ---------------------------------------------------------------- shared parts

/** A drawn or imported image; channel logos use orientation 'square'. */
export const imageSchema = z.object({
  orientation: z.enum(['landscape', 'portrait', 'square']),
  size: z.enum(['medium', 'large']),
  url: z.string(),
});
export type Image = z.infer<typeof imageSchema>;

/** A credit: role actor or director, a name and an optional link. */
export const creditSchema = z.object({
  role: z.enum(['actor', 'director']),
  name: z.string(),
  url: z.string().nullable(),
});
export type Credit = z.infer<typeof creditSchema>;

/** How an item plays: VOD (film, episode), LIVE (a channel or airing event), CUTV (ended, catch-up), STILL (not playable now). */
export const formatSchema = z.enum(['VOD', 'LIVE', 'CUTV', 'STILL']);
export type Format = z.infer<typeof formatSchema>;

/** Where a channel's stream comes from: our origin (looped demo clip) or an external DASH/HLS URL. */
export const streamSchema = z.object({
  source: z.enum(['origin', 'external']),
  /** The external manifest URL; null for the origin (the playback module issues URLs). */
  url: z.string().nullable(),
  protocol: z.enum(['dash', 'hls']),
  /** Which demo clip the origin loops for this channel or title ('clip-1'..'clip-5'). */
  clipKey: z.string(),
});
export type Stream = z.infer<typeof streamSchema>;

/** A genre reference inside an item. */
export const genreRefSchema = z.object({ id: z.number().int(), name: z.string() });

// ---------------------------------------------------------------- channels

/** Where a channel or text shows the fingerprint overlay. */
export const fingerprintPositionSchema = z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right', 'random']);
/** A watermark colour: #RRGGBB, or #RRGGBBAA with opacity. */
export const fingerprintColorSchema = requestString().regex(/^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, {
  message: 'se espera un color #RRGGBB o #RRGGBBAA',
});
/** The watermark's look where a channel does not set its own: white at 85 % on black at 35 %, 18 px. */
export const FINGERPRINT_STYLE_DEFAULTS = { fontSize: 18, color: '#FFFFFFD9', background: '#00000059' } as const;

/** A live channel with the spec's fields (old and newer forms) and the user's access. */
export const channelSchema = z.object({
  type: z.literal('channel'),
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Dial number, the position in the default lineup. */
  number: z.number().int(),
  logoURL: z.string(),
  /** External manifest URL, or null when our origin serves it. */
  deliveryURL: z.string().nullable(),
  parental: z.number().int(),
  /** True for channels in the adult section (rating 7). */
  adult: z.boolean(),
  /** 1 when time-shift (restart, pause live) is on. */
  tstv: z.union([z.literal(0), z.literal(1)]),
  channelGenreId: z.number().int(),
  /** 1 when the channel has a guide. */
  epg: z.union([z.literal(0), z.literal(1)]),
  /** Catch-up depth in hours (24 × days); 0 when off. */
  catchup_hours: z.number().int(),
  fingerprint: z.union([z.literal(0), z.literal(1)]),
  /** Seconds between fingerprint appearances (spec default 300). */
  fingerprintFrequency: z.number().int(),
  /** Seconds a fingerprint stays visible (spec default 30). */
  fingerprintDuration: z.number().int(),
  fingerprintPosition: fingerprintPositionSchema,
  /** The watermark's font size (px), text colour and background colour. */
  fingerprintFontSize: z.number().int().min(8).max(96),
  fingerprintColor: fingerprintColorSchema,
  fingerprintBackground: fingerprintColorSchema,
  images: z.array(imageSchema),
  /** Newer form: catch-up and restart switches. */
  tstvConfig: z.object({ catchUp: z.boolean(), restart: z.boolean(), catchUpDurationInDays: z.number().int() }),
  genres: z.array(z.number().int()),
  stream: streamSchema,
  access: accessSchema,
});
export type Channel = z.infer<typeof channelSchema>;

/** A channel genre (the /gid/5310 filter). */
export const channelGenreSchema = z.object({ id: z.number().int(), name: z.string() });
export type ChannelGenre = z.infer<typeof channelGenreSchema>;

// ---------------------------------------------------------------- events

/**
 * A guide event in its compact form, as the window and list routes answer it. Details
 * (credits, languages) come from GET /events/{id} or the per-day EPG.
 */
export const eventSchema = z.object({
  type: z.literal('event'),
  id: z.number().int(),
  channelId: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  parental: z.number().int(),
  genres: z.array(z.number().int()),
  images: z.array(imageSchema),
  format: formatSchema,
  /** True for a pay-per-view event. */
  ppv: z.boolean(),
  access: accessSchema,
});
export type CatalogueEvent = z.infer<typeof eventSchema>;

/** One language version of an event's texts. */
export const eventLanguageSchema = z.object({
  language: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
});

/** A guide programme in the spec's EPG form (per channel and day). */
export const epgProgrammeSchema = z.object({
  id_event: z.number().int(),
  id_channel: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  /** 'YYYY-MM-DD HH:MM:SS' in the requested time zone. */
  fc_ini: z.string(),
  fc_end: z.string(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  /** Seconds. */
  duration: z.number().int(),
  durationMinutes: z.number().int(),
  /** 7 = adult (needs the PIN). */
  id_parental: z.number().int(),
  rating: z.number().int(),
  /** Landscape still. */
  image: z.string(),
  /** Portrait poster. */
  poster: z.string(),
  playable: z.boolean(),
  country: z.string(),
  year: z.number().int().nullable(),
  genres: z.array(genreRefSchema),
  director: z.string(),
  actors: z.array(z.object({ name: z.string(), url: z.string().nullable() })),
  rating_logo: z.string(),
  tbEventLanguages: z.array(eventLanguageSchema),
  event_logo_url: z.string(),
  /** Season/episode label from the source, e.g. 'T2 E5'; empty when none. */
  episode: z.string(),
  ppv: z.boolean(),
  /** Present (true) when no guide gave its end: endTime is a default length after its start. */
  endUnknown: z.literal(true).optional(),
});
export type EpgProgramme = z.infer<typeof epgProgrammeSchema>;

/** GET /api/v1/epg/{channelId}/{yyyy-mm-dd}?tz=Europe/Madrid: programmes overlapping that local day, by start. */
export const epgDayResponseSchema = z.object({
  channelId: z.number().int(),
  date: z.string(),
  tz: z.string(),
  /** The day's bounds in epoch ms: [dayStart, dayEnd). */
  dayStart: z.number().int(),
  dayEnd: z.number().int(),
  catchup_hours: z.number().int(),
  events: z.array(epgProgrammeSchema),
});
export type EpgDayResponse = z.infer<typeof epgDayResponseSchema>;

/** GET /api/v1/events/{id}: an event with its EPG details and the user's access. */
export const eventDetailSchema = eventSchema.extend({ epg: epgProgrammeSchema });
export type EventDetail = z.infer<typeof eventDetailSchema>;

// ---------------------------------------------------------------- films and series

/** A film (spec "content"). `runtime` is in seconds. */
export const filmSchema = z.object({
  type: z.literal('movie'),
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  longDescription: z.string(),
  runtime: z.number().int(),
  year: z.number().int(),
  countryOfOrigin: z.string(),
  /** yyyy-mm-dd. */
  releaseDate: z.string(),
  /** ISO instant after which the film leaves the catalogue; null when it stays. */
  endOfAvailability: z.string().nullable(),
  genres: z.array(genreRefSchema),
  credits: z.array(creditSchema),
  images: z.array(imageSchema),
  parental: z.number().int(),
  rating_logo: z.string(),
  hasTrailer: z.boolean(),
  format: z.literal('VOD'),
  stream: streamSchema,
  access: accessSchema,
});
export type Film = z.infer<typeof filmSchema>;

/** A series (spec "serie"/"show"). */
export const seriesSchema = z.object({
  type: z.literal('show'),
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  longDescription: z.string(),
  year: z.number().int(),
  countryOfOrigin: z.string(),
  genres: z.array(genreRefSchema),
  credits: z.array(creditSchema),
  images: z.array(imageSchema),
  parental: z.number().int(),
  seasonCount: z.number().int(),
  format: z.literal('VOD'),
  access: accessSchema,
});
export type Series = z.infer<typeof seriesSchema>;

/** A season of a series. */
export const seasonSchema = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  seasonNumber: z.number().int(),
  title: z.string(),
  description: z.string(),
  episodeCount: z.number().int(),
});
export type Season = z.infer<typeof seasonSchema>;

/** An episode. `runtime` is in seconds; `releaseDate` yyyy-mm-dd. */
export const episodeSchema = z.object({
  type: z.literal('episode'),
  id: z.number().int(),
  seriesId: z.number().int(),
  seasonId: z.number().int(),
  seasonNumber: z.number().int(),
  episodeNumber: z.number().int(),
  title: z.string(),
  seriesTitle: z.string(),
  runtime: z.number().int(),
  description: z.string(),
  releaseDate: z.string(),
  images: z.array(imageSchema),
  parental: z.number().int(),
  format: z.literal('VOD'),
  stream: streamSchema,
  access: accessSchema,
});
export type Episode = z.infer<typeof episodeSchema>;

/** GET /api/v1/series/{id}: a series with its seasons. */
export const seriesDetailSchema = seriesSchema.extend({ seasons: z.array(seasonSchema) });
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;

/** Anything a row, a genre page or search can show, told apart by `type`. */
export const catalogueItemSchema = z.discriminatedUnion('type', [
  filmSchema,
  seriesSchema,
  episodeSchema,
  channelSchema,
  eventSchema,
]);
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** A list entry, in the `resources[].resource` form the spec's list and search calls answer. */
export const resourceEntrySchema = z.object({ resource: catalogueItemSchema });
export type ResourceEntry = z.infer<typeof resourceEntrySchema>;

// ---------------------------------------------------------------- lineups, screens, lists

/** A region (the user's account says which). */
export const regionSchema = z.object({ id: z.number().int(), name: z.string() });

/** A lineup: a region's channel order. */
export const lineupSchema = z.object({ id: z.number().int(), regionId: z.number().int(), name: z.string() });
export type Lineup = z.infer<typeof lineupSchema>;

/** GET /api/v1/lineups. */
export const lineupsResponseSchema = z.object({ resources: z.array(lineupSchema) });

/** A lineup item: reference.id is a channel id; items come in channel order. */
export const lineupItemSchema = z.object({
  lineupId: z.number().int(),
  position: z.number().int(),
  reference: z.object({ type: z.literal('channel'), id: z.number().int() }),
});
/** GET /api/v1/lineup-items?lineupId. */
export const lineupItemsResponseSchema = z.object({ resources: z.array(lineupItemSchema) });

/** A screen: alias 'home' is the home page; `query` fetches its lists. */
export const screenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  listGroupId: z.number().int(),
  /** Path of its lists: /api/v1/screen/lists?listGroupId=… */
  query: z.string(),
  ordinal: z.number().int(),
});
export type Screen = z.infer<typeof screenSchema>;
/** GET /api/v1/screens?lineupId&regionId. */
export const screensResponseSchema = z.object({ resources: z.array(screenSchema) });

/** What a list holds, so the app picks the card. */
export const listKindSchema = z.enum([
  'featured',
  'keep-watching',
  'trending',
  'channels',
  'live-now',
  'catch-up',
  'films',
  'series',
  'events',
  'mixed',
]);

/**
 * A category (home row): pos orders rows; displayMode 1 default, 2 series or channels,
 * 3 trending (rank numbers); load_more forces the "see all" link; catchup_row marks the
 * catch-up row; is_adult gates it behind the PIN; personalised rows (keep-watching) are
 * fetched without resolveReferences.
 */
export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pos: z.number().int(),
  /** Item ids with their positions, for manually ordered rows; empty for computed rows. */
  order: z.array(z.object({ id: z.number().int(), pos: z.number().int() })),
  displayMode: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  load_more: z.union([z.literal(0), z.literal(1)]),
  catchup_row: z.union([z.literal(0), z.literal(1)]),
  is_adult: z.union([z.literal(0), z.literal(1)]),
  personalised: z.union([z.literal(0), z.literal(1)]),
  kind: listKindSchema,
  /** Path of its resources: /api/v1/lists/{id}/resources (keep-watching: /api/v1/keep-watching). */
  query: z.string(),
  /** How many items it holds now. */
  total: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
/** GET /api/v1/screen/lists?listGroupId[&lineupId]: the screen's rows by pos; the first is the featured row. */
export const screenListsResponseSchema = z.object({ resources: z.array(categorySchema) });

/** GET /api/v1/lists/{id}/resources?resolveReferences=true[&limit&offset]: a row's items. */
export const listResourcesResponseSchema = z.object({
  listId: z.number().int(),
  total: z.number().int(),
  resources: z.array(resourceEntrySchema),
});
export type ListResourcesResponse = z.infer<typeof listResourcesResponseSchema>;

/** GET /api/v1/categories/{id}/contents: every item of a category (the /allincat pages). */
export const categoryContentsResponseSchema = z.object({
  category: categorySchema,
  resources: z.array(resourceEntrySchema),
});
export type CategoryContentsResponse = z.infer<typeof categoryContentsResponseSchema>;

// ---------------------------------------------------------------- genres

/** How a genre is used: a header section, a sport, a subgenre, the channel listing or the adult section. */
export const genreKindSchema = z.enum(['section', 'sport', 'subgenre', 'channels', 'adult']);

/** A genre (`ds` is its name). `itemCount` lets the sports panel dim empty genres. */
export const genreSchema = z.object({
  id: z.number().int(),
  ds: z.string(),
  logo: z.string(),
  kind: genreKindSchema,
  parentId: z.number().int().nullable(),
  itemCount: z.number().int(),
});
export type Genre = z.infer<typeof genreSchema>;
/** GET /api/v1/genres[?kind=sport]. */
export const genresResponseSchema = z.object({ resources: z.array(genreSchema) });

/**
 * GET /api/v1/genres/{id}[?subgenreId]: the genre package: its events, vods (films),
 * series and channels, and the subgenres that have items (for the filter dropdown).
 */
export const genreListingResponseSchema = z.object({
  genre: genreSchema,
  subgenres: z.array(genreSchema),
  events: z.array(eventSchema),
  vods: z.array(filmSchema),
  series: z.array(seriesSchema),
  channels: z.array(channelSchema),
  channelGenres: z.array(channelGenreSchema),
});
export type GenreListingResponse = z.infer<typeof genreListingResponseSchema>;

// ---------------------------------------------------------------- collections

/** GET /api/v1/channels[?lineupId]: channels in lineup order. */
export const channelsResponseSchema = z.object({ resources: z.array(channelSchema) });
export type ChannelsResponse = z.infer<typeof channelsResponseSchema>;
/** GET /api/v1/channel-genres. */
export const channelGenresResponseSchema = z.object({ resources: z.array(channelGenreSchema) });
/** GET /api/v1/events?startTime&endTime[&lineupId][&channelId]: events overlapping the window, by channel then start. */
export const eventsResponseSchema = z.object({ resources: z.array(eventSchema) });
export type EventsResponse = z.infer<typeof eventsResponseSchema>;
/** GET /api/v1/contents[?lineupId&limit&offset]: films. */
export const contentsResponseSchema = z.object({ total: z.number().int(), resources: z.array(filmSchema) });
/** GET /api/v1/series[?lineupId]: every series. */
export const seriesListResponseSchema = z.object({ resources: z.array(seriesSchema) });
/** GET /api/v1/series/{id}/seasons. */
export const seasonsResponseSchema = z.object({ resources: z.array(seasonSchema) });
/** GET /api/v1/seasons/{id}/episodes. */
export const episodesResponseSchema = z.object({ resources: z.array(episodeSchema) });
/** GET /api/v1/contents/{id}/trailer: class 'trailer' and the trailer's manifest link. */
export const trailerResponseSchema = z.object({ class: z.literal('trailer'), link: z.string(), clipKey: z.string() });
export type TrailerResponse = z.infer<typeof trailerResponseSchema>;
/** GET /api/v1/getuserip. */
export const userIpResponseSchema = z.object({ ip: z.string() });

// ---------------------------------------------------------------- keep watching

/** Bookmark kinds: vod (film or episode) and cutv (a catch-up event). */
export const bookmarkKindSchema = z.enum(['vod', 'cutv']);
export type BookmarkKind = z.infer<typeof bookmarkKindSchema>;

/** A keep-watching bookmark with the item it points at. */
export const bookmarkSchema = z.object({
  id: z.number().int(),
  kind: bookmarkKindSchema,
  positionInMs: z.number().int(),
  durationInMs: z.number().int(),
  updatedAt: z.number().int(),
  resource: catalogueItemSchema,
});
export type Bookmark = z.infer<typeof bookmarkSchema>;
/** GET /api/v1/keep-watching: the user's bookmarks, most recent first. */
export const keepWatchingResponseSchema = z.object({ resources: z.array(bookmarkSchema) });
/** PUT /api/v1/keep-watching/mark: record a position (the player also records through playback). */
export const bookmarkMarkRequestSchema = z.object({
  id: idSchema,
  kind: bookmarkKindSchema,
  positionInMs: z.number().int().min(0),
});
/** Path of DELETE /api/v1/keep-watching/delete-mark/{id}/{vod|cutv} (body, if any, ignored). */
export const bookmarkDeleteParamsSchema = z.object({ id: idParamSchema, kind: bookmarkKindSchema });
/** Answer of the mark and delete-mark routes. */
export const bookmarkOkSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- search

/** Characters the search box strips, on the client and again on the server. */
export const SEARCH_STRIPPED_CHARACTERS = `&/\\#,+()$~.'":*?<>{}`;
/** Terms shorter than this (after stripping) answer nothing. */
export const SEARCH_MIN_LENGTH = 3;

/** Removes the characters the spec strips from a search term and trims it. */
export function stripSearchTerm(term: string): string {
  let out = '';
  for (const ch of term) if (!SEARCH_STRIPPED_CHARACTERS.includes(ch)) out += ch;
  return out.trim();
}

/** One search hit: the spec's resource fields (title without %) and the item itself. */
export const searchResourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  longDescription: z.string(),
  /** movieEvent: a film; show: a guide programme; serie: a series; channel: a channel. */
  type: z.enum(['movieEvent', 'show', 'serie', 'channel']),
  images: z.array(imageSchema),
  item: catalogueItemSchema,
});
export type SearchResource = z.infer<typeof searchResourceSchema>;
/** GET /api/v1/search?term&resolveReferences=true: hits, best first. */
export const searchResponseSchema = z.object({
  term: z.string(),
  resources: z.array(z.object({ resource: searchResourceSchema })),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// ---------------------------------------------------------------- query strings

const id = idParamSchema;
const optionalId = id.optional();
const epochMs = z.coerce.number().int().min(0).max(8640000000000000);

/** Path params of routes addressed by one id. */
export const idParamsSchema = z.object({ id });
/** Query of lineup-scoped collections. */
export const lineupQuerySchema = z.object({ lineupId: optionalId });
/** Query of GET /screens. */
export const screensQuerySchema = z.object({ lineupId: optionalId, regionId: optionalId });
/** Query of GET /screen/lists. */
export const screenListsQuerySchema = z.object({ listGroupId: id, lineupId: optionalId });
/** Query of GET /lineup-items. */
export const lineupItemsQuerySchema = z.object({ lineupId: id });
/** Query of a list's resources: resolveReferences is accepted for the spec's sake (always resolved). */
export const listResourcesQuerySchema = z.object({
  resolveReferences: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(40),
  offset: z.coerce.number().int().min(0).max(100000).default(0),
});
/** Query of GET /events: a window of at most 2 days. */
export const eventsQuerySchema = z
  .object({ startTime: epochMs, endTime: epochMs, lineupId: optionalId, channelId: optionalId })
  .refine((q) => q.endTime > q.startTime, { message: 'endTime debe ser posterior a startTime', path: ['endTime'] })
  .refine((q) => q.endTime - q.startTime <= 2 * 86400000, {
    message: 'La ventana no puede superar 48 horas',
    path: ['endTime'],
  });
/** Query of GET /contents. */
export const contentsQuerySchema = z.object({
  lineupId: optionalId,
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  offset: z.coerce.number().int().min(0).max(1000000).default(0),
});
/** Path of GET /epg/{channelId}/{date}. */
export const epgParamsSchema = z.object({
  channelId: id,
  date: requestString().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha debe tener la forma yyyy-mm-dd' }),
});
/** Query of GET /epg: an IANA time zone for the day's bounds (default Europe/Madrid). */
export const epgQuerySchema = z.object({ tz: requestString().min(1).max(64).optional() });
/** Query of GET /genres. */
export const genresQuerySchema = z.object({ kind: genreKindSchema.optional() });
/** Query of GET /genres/{id}. */
export const genreListingQuerySchema = z.object({ subgenreId: optionalId });
/** Query of GET /search. */
export const searchQuerySchema = z.object({
  term: requestString().max(200).default(''),
  resolveReferences: z.enum(['true', 'false']).optional(),
});

// ---------------------------------------------------------------- ingest

/** Formats the ingest accepts. */
export const ingestFormatSchema = z.enum(['xmltv', 'm3u']);
export type IngestFormat = z.infer<typeof ingestFormatSchema>;

/**
 * POST /api/v1/admin/ingest/{xmltv|m3u} (admin only; body is the file: text, or gzip
 * as application/gzip or application/octet-stream): what the import changed.
 */
export const ingestReportSchema = z.object({
  format: ingestFormatSchema,
  channels: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
  programmes: z.object({
    inserted: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
    /** Programmes shortened because the next one started before they ended. */
    trimmed: z.number().int(),
    /** Programmes for channels the import could not match, left out. */
    skipped: z.number().int(),
  }),
  /** What was skipped, corrected or ignored, each with its line ('Línea 12: …'); the first 1,000. */
  warnings: z.array(z.string()),
  /** How many problems there were in all (warnings keeps the first 1,000). */
  problemsTotal: z.number().int(),
});
export type IngestReport = z.infer<typeof ingestReportSchema>;
