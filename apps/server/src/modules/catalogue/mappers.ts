import type {
  Access,
  CatalogueEvent,
  Channel,
  EpgProgramme,
  Episode,
  Film,
  Format,
  Image,
  Season,
  Series,
} from '@pantalla/contracts';
import type { CompactEventRow } from './guide.repository';
import { servedImageUrl } from './images/remote-image-url';
import { withoutPercent } from './search-text';
import type { ChannelRow, EpisodeRow, EventRow, FilmRow, SeasonRow, SeriesRow } from './tables';
import { formatLocal } from './time';

/** Pure conversions from rows to the wire shapes of the contracts. */

const IMG = '/api/v1/images';

/** Path of a drawn image. */
export function imageUrl(
  kind: 'channel' | 'film' | 'series' | 'episode' | 'event' | 'genre',
  id: number,
  variant: 'logo' | 'portrait' | 'landscape',
): string {
  return `${IMG}/${kind}/${id}/${variant}.svg`;
}

/** Path of an age-rating logo. */
export function ratingLogoUrl(ageRating: string): string {
  return `${IMG}/rating/${encodeURIComponent(ageRating)}.svg`;
}

function art(kind: 'film' | 'series' | 'episode' | 'event', id: number): Image[] {
  const portrait = imageUrl(kind, id, 'portrait');
  const landscape = imageUrl(kind, id, 'landscape');
  return [
    { orientation: 'portrait', size: 'medium', url: portrait },
    { orientation: 'portrait', size: 'large', url: portrait },
    { orientation: 'landscape', size: 'medium', url: landscape },
    { orientation: 'landscape', size: 'large', url: landscape },
  ];
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const flag = (v: number): 0 | 1 => (v ? 1 : 0);

export function channelLogo(row: Pick<ChannelRow, 'id' | 'logoUrl'>): string {
  return row.logoUrl ? servedImageUrl('channel', row.id, row.logoUrl) : imageUrl('channel', row.id, 'logo');
}

export function toChannel(row: ChannelRow, access: Access): Channel {
  const logo = channelLogo(row);
  return {
    type: 'channel',
    id: row.id,
    name: row.name,
    description: row.description,
    number: row.number,
    logoURL: logo,
    deliveryURL: row.streamSource === 'external' ? row.streamUrl : null,
    parental: row.parental,
    adult: row.isAdult === 1,
    tstv: flag(row.tstv),
    channelGenreId: row.channelGenreId,
    epg: flag(row.epg),
    catchup_hours: row.catchupHours,
    fingerprint: flag(row.fingerprint),
    fingerprintFrequency: row.fingerprintFrequency,
    fingerprintDuration: row.fingerprintDuration,
    fingerprintPosition: row.fingerprintPosition,
    fingerprintFontSize: row.fingerprintFontSize,
    fingerprintColor: row.fingerprintColor,
    fingerprintBackground: row.fingerprintBackground,
    images: [
      { orientation: 'square', size: 'medium', url: logo },
      { orientation: 'square', size: 'large', url: logo },
    ],
    tstvConfig: {
      catchUp: row.catchupHours > 0,
      restart: row.tstv === 1,
      catchUpDurationInDays: Math.floor(row.catchupHours / 24),
    },
    genres: [row.channelGenreId],
    stream: { source: row.streamSource, url: row.streamUrl, protocol: row.streamProtocol, clipKey: row.clipKey },
    access,
  };
}

/** What a programme can do now: LIVE while airing, CUTV once ended within the channel's catch-up, else STILL. */
export function eventFormat(startTime: number, endTime: number, now: number, catchupHours: number): Format {
  if (now >= startTime && now < endTime) return 'LIVE';
  if (endTime <= now && catchupHours > 0 && endTime > now - catchupHours * 3600000) return 'CUTV';
  return 'STILL';
}

/** A programme's picture: the guide's own (through our origin when on http:), else one drawn from its title. */
function eventImage(row: Pick<CompactEventRow, 'id' | 'imageUrl'>): string {
  return row.imageUrl ? servedImageUrl('event', row.id, row.imageUrl) : imageUrl('event', row.id, 'landscape');
}

/** What an event's wire form holds whatever the time and the viewer: all but format and access. */
export function eventStatic(row: CompactEventRow): Omit<CatalogueEvent, 'format' | 'ppv' | 'access'> {
  const landscape = eventImage(row);
  return {
    type: 'event',
    id: row.id,
    channelId: row.channelId,
    startTime: row.startTime,
    endTime: row.endTime,
    title: withoutPercent(row.title),
    subtitle: row.subtitle,
    description: row.description,
    parental: row.parental,
    genres: [row.sectionId, row.genreId].filter((g): g is number => g !== null && g !== undefined),
    images: [
      { orientation: 'landscape', size: 'medium', url: landscape },
      { orientation: 'portrait', size: 'medium', url: imageUrl('event', row.id, 'portrait') },
    ],
  };
}

/**
 * eventStatic's JSON without its closing brace, written out: a guide block encodes some
 * 22,000 of these at 10,000 channels, and building each object to stringify it was most of
 * the block's encoding time and garbage on the server's thread (issue 31, item 9). A unit
 * test holds it to JSON.stringify(eventStatic(row)).
 */
export function eventHeadJson(row: CompactEventRow): string {
  const { sectionId, genreId } = row;
  const section = sectionId === null || sectionId === undefined ? '' : String(sectionId);
  const genre = genreId === null || genreId === undefined ? '' : String(genreId);
  const genres = section && genre ? `${section},${genre}` : section || genre;
  return (
    `{"type":"event","id":${row.id},"channelId":${row.channelId},"startTime":${row.startTime},"endTime":${row.endTime}` +
    `,"title":${JSON.stringify(withoutPercent(row.title))},"subtitle":${JSON.stringify(row.subtitle)}` +
    `,"description":${JSON.stringify(row.description)},"parental":${row.parental},"genres":[${genres}]` +
    `,"images":[{"orientation":"landscape","size":"medium","url":${JSON.stringify(eventImage(row))}}` +
    `,{"orientation":"portrait","size":"medium","url":${JSON.stringify(imageUrl('event', row.id, 'portrait'))}}]`
  );
}

export function toEvent(row: CompactEventRow, access: Access, now: number, catchupHours: number): CatalogueEvent {
  return {
    ...eventStatic(row),
    format: eventFormat(row.startTime, row.endTime, now, catchupHours),
    ppv: row.ppvPriceCents !== null,
    access,
  };
}

export function toEpgProgramme(
  row: EventRow,
  tz: string,
  now: number,
  catchupHours: number,
  genreName: (id: number) => string | undefined,
): EpgProgramme {
  const duration = Math.round((row.endTime - row.startTime) / 1000);
  const genres = [row.sectionId, row.genreId]
    .filter((g): g is number => g !== null)
    .filter((g, i, all) => all.indexOf(g) === i)
    .map((id) => ({ id, name: genreName(id) ?? '' }));
  const format = eventFormat(row.startTime, row.endTime, now, catchupHours);
  const stored = parseJson<{ language: string; title: string; subtitle: string; description: string }[]>(
    row.languages,
    [],
  );
  // An imported programme has one language, kept in its own columns.
  const languages =
    stored.length === 0 && row.source === 'import'
      ? [{ language: 'es', title: row.title, subtitle: row.subtitle, description: row.description }]
      : stored;
  return {
    id_event: row.id,
    id_channel: row.channelId,
    title: withoutPercent(row.title),
    subtitle: row.subtitle,
    description: row.description,
    fc_ini: formatLocal(row.startTime, tz),
    fc_end: formatLocal(row.endTime, tz),
    startTime: row.startTime,
    endTime: row.endTime,
    duration,
    durationMinutes: Math.round(duration / 60),
    id_parental: row.parental,
    rating: row.rating,
    image: eventImage(row),
    poster: row.posterUrl ? servedImageUrl('event', row.id, row.posterUrl) : imageUrl('event', row.id, 'portrait'),
    playable: format !== 'STILL',
    country: row.country,
    year: row.year,
    genres,
    director: row.director,
    actors: parseJson<{ name: string; url: string | null }[]>(row.actors, []).slice(0, 8),
    rating_logo: ratingLogoUrl(row.ageRating),
    tbEventLanguages: languages,
    event_logo_url: eventImage(row),
    episode: row.episodeNum,
    ppv: row.ppvPriceCents !== null,
    ...(row.endUnknown === 1 ? { endUnknown: true as const } : {}),
  };
}

function credits(director: string, actorsJson: string) {
  const actors = parseJson<string[]>(actorsJson, []);
  return [
    ...(director ? [{ role: 'director' as const, name: director, url: null }] : []),
    ...actors.map((name) => ({ role: 'actor' as const, name, url: null })),
  ];
}

export function toFilm(row: FilmRow, genres: { id: number; name: string }[], access: Access): Film {
  return {
    type: 'movie',
    id: row.id,
    title: withoutPercent(row.title),
    description: row.description,
    longDescription: row.longDescription,
    runtime: row.runtimeSeconds,
    year: row.year,
    countryOfOrigin: row.country,
    releaseDate: row.releaseDate,
    endOfAvailability: row.endOfAvailability === null ? null : new Date(row.endOfAvailability).toISOString(),
    genres,
    credits: credits(row.director, row.actors),
    images: art('film', row.id),
    parental: row.parental,
    rating_logo: ratingLogoUrl(row.ageRating),
    hasTrailer: row.trailerClipKey !== null,
    format: 'VOD',
    stream: { source: 'origin', url: null, protocol: 'dash', clipKey: row.clipKey },
    access,
  };
}

export function toSeries(
  row: SeriesRow,
  genres: { id: number; name: string }[],
  seasonCount: number,
  access: Access,
): Series {
  return {
    type: 'show',
    id: row.id,
    title: withoutPercent(row.title),
    description: row.description,
    longDescription: row.longDescription,
    year: row.year,
    countryOfOrigin: row.country,
    genres,
    credits: credits(row.director, row.actors),
    images: art('series', row.id),
    parental: row.parental,
    seasonCount,
    format: 'VOD',
    access,
  };
}

export function toSeason(row: SeasonRow, episodeCount: number): Season {
  return {
    id: row.id,
    seriesId: row.seriesId,
    seasonNumber: row.seasonNumber,
    title: row.title,
    description: row.description,
    episodeCount,
  };
}

export function toEpisode(row: EpisodeRow, series: Pick<SeriesRow, 'title' | 'parental'>, access: Access): Episode {
  return {
    type: 'episode',
    id: row.id,
    seriesId: row.seriesId,
    seasonId: row.seasonId,
    seasonNumber: row.seasonNumber,
    episodeNumber: row.episodeNumber,
    title: withoutPercent(row.title),
    seriesTitle: withoutPercent(series.title),
    runtime: row.runtimeSeconds,
    description: row.description,
    releaseDate: row.releaseDate,
    images: art('episode', row.id),
    parental: series.parental,
    format: 'VOD',
    stream: { source: 'origin', url: null, protocol: 'dash', clipKey: row.clipKey },
    access,
  };
}
