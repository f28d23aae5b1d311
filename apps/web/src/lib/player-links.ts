/**
 * The player link codec (viewing spec section 2, Player): /emplayer/{base64 of the
 * URI-encoded, ';'-joined fields}. Each field is URI-encoded before joining, so a ';' in a
 * title cannot shift the fields, and the result is ASCII for btoa.
 *
 * Field lists, in order:
 * - LIVE, VOD, CUTV: content id, title, type, parental rating, channel id (LIVE, CUTV) or
 *   extra (VOD), start/current time in seconds or null, adult flag (1/0).
 * - SERIE: content id (the episode), title, type, parental rating, serie id, season.
 * - Catch-up variant: channel id, empty slot, literal CU, parental id, then the event id.
 * - REC (a subscriber's recording, issue 29): recording id, title, REC, parental, channel id, event id.
 * Older forms: /player/{channel}-LIVE-{flag} and /player/{id}-{LIVE|VOD}-{a|p}, and
 * /cuplayer/{cuData} (base64 of 'channel;event[;parental]'), which gains the CU marker.
 */
export type PlayerField = string | number | null;

/** Why a player address could not be read; the player shows a clear error screen for each. */
export type PlayerLinkErrorReason = 'encoding' | 'fields' | 'type' | 'number' | 'legacy';

/** A malformed player address: never thrown past the player route, which shows it. */
export class PlayerLinkError extends Error {
  override readonly name = 'PlayerLinkError';
  constructor(
    readonly reason: PlayerLinkErrorReason,
    message: string,
  ) {
    super(message);
  }
}

export function encodePlayerData(fields: readonly PlayerField[]): string {
  return btoa(fields.map((field) => encodeURIComponent(field === null ? 'null' : String(field))).join(';'));
}

export function decodePlayerData(encoded: string): string[] {
  let text: string;
  try {
    // Tolerate base64url and lost padding: links travel through chat apps and mail.
    const normalised = encoded.trim().replace(/-/g, '+').replace(/_/g, '/');
    text = atob(normalised.padEnd(Math.ceil(normalised.length / 4) * 4, '='));
  } catch {
    throw new PlayerLinkError('encoding', 'The player data is not base64.');
  }
  try {
    return text.split(';').map((field) => decodeURIComponent(field));
  } catch {
    throw new PlayerLinkError('encoding', 'The player data has a malformed escape.');
  }
}

/** Adult items get parental level 2 in the link. */
const ADULT_PARENTAL = 2;
/** The spec's default parental rating, for links that carry none. */
export const DEFAULT_PARENTAL = 2;

export type LivePlayerData = {
  type: 'LIVE';
  contentId: number;
  title: string;
  parental: number;
  channelId: number;
  startSeconds: number | null;
  adult: boolean;
};
export type VodPlayerData = {
  type: 'VOD';
  contentId: number;
  title: string;
  parental: number;
  extra: string | null;
  positionSeconds: number | null;
  adult: boolean;
};
/** A catch-up programme by its EPG event id. */
export type CutvPlayerData = {
  type: 'CUTV';
  contentId: number;
  title: string;
  parental: number;
  channelId: number;
  startSeconds: number | null;
  adult: boolean;
};
export type SeriePlayerData = {
  type: 'SERIE';
  contentId: number;
  title: string;
  parental: number;
  serieId: number;
  season: number;
};
/** The catch-up variant; a missing event id is the spec's 'Could not find event.'. */
export type CatchupPlayerData = { type: 'CU'; channelId: number; parental: number; eventId: number | null };
/** A subscriber's recording (issue 29): plays as catch-up of its programme, opened by the recording's id. */
export type RecordingPlayerData = {
  type: 'REC';
  contentId: number;
  title: string;
  parental: number;
  channelId: number;
  eventId: number;
};
export type PlayerData =
  LivePlayerData | VodPlayerData | CutvPlayerData | SeriePlayerData | CatchupPlayerData | RecordingPlayerData;

const emplayer = (data: string) => `/emplayer/${encodeURIComponent(data)}`;

/** The /emplayer/ address of any player data. */
export function playerHref(data: PlayerData): string {
  return emplayer(encodePlayerData(toFields(data)));
}

function toFields(data: PlayerData): PlayerField[] {
  const adult = (flag: boolean) => (flag ? 1 : 0);
  switch (data.type) {
    case 'LIVE':
      return [data.contentId, data.title, 'LIVE', data.parental, data.channelId, data.startSeconds, adult(data.adult)];
    case 'CUTV':
      return [data.contentId, data.title, 'CUTV', data.parental, data.channelId, data.startSeconds, adult(data.adult)];
    case 'VOD':
      return [data.contentId, data.title, 'VOD', data.parental, data.extra, data.positionSeconds, adult(data.adult)];
    case 'SERIE':
      return [data.contentId, data.title, 'SERIE', data.parental, data.serieId, data.season];
    case 'CU':
      return [data.channelId, '', 'CU', data.parental, data.eventId];
    case 'REC':
      return [data.contentId, data.title, 'REC', data.parental, data.channelId, data.eventId];
  }
}

/** LIVE: channel id, title, 'LIVE', parental, channel id, start (seconds), adult flag. */
export function liveLink(input: {
  channelId: number;
  title: string;
  parental: number;
  start: number;
  adult: boolean;
}): string {
  const parental = input.adult ? ADULT_PARENTAL : input.parental;
  return playerHref({
    type: 'LIVE',
    contentId: input.channelId,
    title: input.title,
    parental,
    channelId: input.channelId,
    startSeconds: Math.floor(input.start / 1000),
    adult: input.adult,
  });
}

/** Catch-up: channel id, empty slot, literal CU, parental id; the event id follows so the player finds the programme. */
export function catchupLink(input: { channelId: number; parental: number; eventId: number }): string {
  return playerHref({ type: 'CU', channelId: input.channelId, parental: input.parental, eventId: input.eventId });
}

/** A film; `position` (ms) resumes it, null starts at the saved keep-watching position. */
export function vodLink(input: {
  contentId: number;
  title: string;
  parental: number;
  position?: number | null;
  adult?: boolean;
}): string {
  const adult = input.adult ?? false;
  const positionSeconds = input.position == null ? null : Math.floor(input.position / 1000);
  return playerHref({
    type: 'VOD',
    contentId: input.contentId,
    title: input.title,
    parental: adult ? ADULT_PARENTAL : input.parental,
    extra: null,
    positionSeconds,
    adult,
  });
}

/** An episode of a series. */
export function serieLink(input: {
  episodeId: number;
  title: string;
  parental: number;
  serieId: number;
  season: number;
}): string {
  return playerHref({
    type: 'SERIE',
    contentId: input.episodeId,
    title: input.title,
    parental: input.parental,
    serieId: input.serieId,
    season: input.season,
  });
}

/** A subscriber's recording (issue 29): the player opens it by its id and resumes where it was left. */
export function recordingLink(input: {
  recordingId: number;
  title: string;
  channelId: number;
  eventId: number;
  parental?: number;
}): string {
  return playerHref({
    type: 'REC',
    contentId: input.recordingId,
    title: input.title,
    parental: input.parental ?? DEFAULT_PARENTAL,
    channelId: input.channelId,
    eventId: input.eventId,
  });
}

/** A catch-up programme by event id, with its title (the CUTV field list). */
export function cutvLink(input: {
  eventId: number;
  title: string;
  parental: number;
  channelId: number;
  start: number;
  adult?: boolean;
}): string {
  const adult = input.adult ?? false;
  return playerHref({
    type: 'CUTV',
    contentId: input.eventId,
    title: input.title,
    parental: adult ? ADULT_PARENTAL : input.parental,
    channelId: input.channelId,
    startSeconds: Math.floor(input.start / 1000),
    adult,
  });
}

// ---------------------------------------------------------------- decoding

function id(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim()))
    throw new PlayerLinkError('number', `The ${what} is not a number: ${JSON.stringify(value ?? '')}.`);
  return Number(value.trim());
}

function optionalSeconds(value: string | undefined, what: string): number | null {
  if (value === undefined || value === '' || value === 'null' || value === 'undefined') return null;
  if (!/^-?\d{1,15}(\.\d+)?$/.test(value.trim()))
    throw new PlayerLinkError('number', `The ${what} is not a number: ${JSON.stringify(value)}.`);
  return Math.floor(Number(value));
}

function parental(value: string | undefined): number {
  if (value === undefined || value === '' || value === 'null') return DEFAULT_PARENTAL;
  return id(value, 'parental rating');
}

const flag = (value: string | undefined) => value === '1' || value === 'true';

/** Reads the /emplayer/ data (the route parameter, already URI-decoded once). */
export function decodePlayerRoute(encoded: string): PlayerData {
  const fields = decodePlayerData(encoded);
  const [first, title = '', type, rating, fifth, sixth, seventh] = fields;
  if (fields.length < 4)
    throw new PlayerLinkError('fields', `The player data has ${fields.length} fields, at least 4 are needed.`);
  switch (type) {
    case 'LIVE':
    case 'CUTV':
      return {
        type,
        contentId: id(first, 'content id'),
        title,
        parental: parental(rating),
        channelId: fifth ? id(fifth, 'channel id') : id(first, 'channel id'),
        startSeconds: optionalSeconds(sixth, 'start time'),
        adult: flag(seventh),
      };
    case 'VOD':
      return {
        type,
        contentId: id(first, 'content id'),
        title,
        parental: parental(rating),
        extra: fifth === undefined || fifth === '' || fifth === 'null' ? null : fifth,
        positionSeconds: optionalSeconds(sixth, 'start time'),
        adult: flag(seventh),
      };
    case 'SERIE':
      return {
        type,
        contentId: id(first, 'episode id'),
        title,
        parental: parental(rating),
        serieId: id(fifth, 'serie id'),
        season: id(sixth, 'season'),
      };
    case 'REC':
      return {
        type,
        contentId: id(first, 'recording id'),
        title,
        parental: parental(rating),
        channelId: id(fifth, 'channel id'),
        eventId: id(sixth, 'event id'),
      };
    case 'CU':
      return {
        type: 'CU',
        channelId: id(first, 'channel id'),
        parental: parental(rating),
        eventId: optionalSeconds(fifth, 'event id'),
      };
    default:
      throw new PlayerLinkError('type', `Unknown player type ${JSON.stringify(type ?? '')}.`);
  }
}

/**
 * /player/{channel}-LIVE-{flag} and /player/{id}-{LIVE|VOD}-{a|p}. The flag is the adult
 * flag: 1 or 'a' adult, 0 or 'p' not (adult items get parental level 2, as in new links).
 */
export function decodeLegacyPlayer(legacy: string): LivePlayerData | VodPlayerData {
  const match = /^(\d{1,15})-(LIVE|VOD)-(0|1|a|p)$/i.exec(legacy.trim());
  if (!match)
    throw new PlayerLinkError(
      'legacy',
      `The old player address ${JSON.stringify(legacy)} is not {id}-{LIVE|VOD}-{flag}.`,
    );
  const contentId = Number(match[1]);
  const adult = match[3] === '1' || match[3]!.toLowerCase() === 'a';
  const parentalLevel = adult ? ADULT_PARENTAL : DEFAULT_PARENTAL;
  return match[2]!.toUpperCase() === 'LIVE'
    ? { type: 'LIVE', contentId, title: '', parental: parentalLevel, channelId: contentId, startSeconds: null, adult }
    : { type: 'VOD', contentId, title: '', parental: parentalLevel, extra: null, positionSeconds: null, adult };
}

/** /cuplayer/{cuData}: base64 of 'channel;event[;parental]' → the catch-up variant (CU marker added). */
export function decodeCatchupPlayer(cuData: string): CatchupPlayerData {
  const [channel, event, rating] = decodePlayerData(cuData);
  return {
    type: 'CU',
    channelId: id(channel, 'channel id'),
    parental: parental(rating),
    eventId: optionalSeconds(event, 'event id'),
  };
}

/** The data of a /cuplayer/ address (the inverse of decodeCatchupPlayer). */
export function encodeCatchupData(input: { channelId: number; eventId: number; parental?: number }): string {
  return encodePlayerData(
    input.parental === undefined ? [input.channelId, input.eventId] : [input.channelId, input.eventId, input.parental],
  );
}
