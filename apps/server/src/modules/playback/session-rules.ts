import { HEARTBEAT_INTERVAL_MS, HEARTBEATS_MISSED_BEFORE_EXPIRY, PARENTAL_RESTRICTED } from '@pantalla/contracts';
import type { KeepWatching, Playables } from '../catalogue';
import type { AccessRights } from '../commerce';
import type { Accounts, ParentalGrants, ProfileResolver } from '../identity';
import type { PlaybackUrls, StreamKind } from '../origin';
import type { Playable } from './playable';
import type { SessionKind, StreamSessionRow } from './tables';

/** A session that misses this long of heartbeats expires on its own. */
export const SESSION_TTL_MS = HEARTBEAT_INTERVAL_MS * HEARTBEATS_MISSED_BEFORE_EXPIRY;
/**
 * How long a process answers "is this stream session open?" for signed segments from memory.
 * A close or reset here forgets it at once in every process (the bus); this bounds the rest
 * (a session that expires, a bus that missed a message): segments stop within it.
 */
export const SEGMENT_SESSION_RECHECK_MS = 5_000;
/**
 * A session its viewer closed (DELETE: the player's zap, Back, a stream closed from the
 * settings) keeps its segments this long: a neighbour's stream fetched ahead under it is
 * still finishing its first requests while the zap opens the new session, whose token the
 * player then uses. A reset or a sign-out everywhere ends them at once.
 */
export const CLOSED_SEGMENT_GRACE_MS = 10_000;
/** The cache of open stream sessions behind every signed segment. */
export const OPEN_SESSIONS_CACHE = 'playback.open-sessions';

export const streamKindOf: Record<SessionKind, StreamKind> = {
  LIVE: 'live',
  CUTV: 'catchup',
  VOD: 'vod',
  SERIE: 'episode',
  REC: 'recording',
};

/** A subscriber's recording as playback sees it (issue 29): whose, which programme, its span, the channel's rights. */
export interface RecordedProgramme {
  id: number;
  userId: number;
  /** The profile whose it is: only that profile plays it (issue 30). */
  profileId: number;
  eventId: number;
  channelId: number;
  title: string;
  startTime: number;
  endTime: number;
  /** The programme has ended and the recording holds it (not still scheduled). */
  ready: boolean;
  /** False when the operator forbids skipping ahead in this channel's recordings. */
  canSkipAhead: boolean;
}

/** The recordings module's answer for a recording id; undefined once deleted or expired. */
export interface RecordedProgrammes {
  recorded(recordingId: number): Promise<RecordedProgramme | undefined>;
}

/** The signed-in caller: who, and until when their idToken is valid (epoch seconds). */
export interface Caller {
  userId: number;
  tokenExp: number;
  /** The profile header's signed token (issue 30); when sent, it names the session's profile, not the body's profileId. */
  profile?: string | undefined;
  /** The sign-in the request came from: without a profile token, the profile it last chose counts. */
  signIn?: string | undefined;
}

/** What the playback services ask of other modules. */
export interface PlaybackNeeds {
  accounts: Accounts;
  parental: ParentalGrants;
  /** The profile a session request names, checked against the account (issue 30). */
  profiles: ProfileResolver;
  rights: AccessRights;
  playables: Playables;
  keepWatching: KeepWatching;
  urls: PlaybackUrls;
  /** Subscribers' recordings (issue 29): what a REC session plays. */
  recordings: RecordedProgrammes;
}

/**
 * Whether the PIN asked at the session's open covers what it plays now: a title or a
 * programme never changes, nor does an adult channel; a live channel's programme that began
 * after the open is new, and a rating-7 one asks the PIN again (its grant must be fresh).
 */
export function pinCoveredBy(session: Pick<StreamSessionRow, 'kind' | 'createdAt'>, playable: Playable): boolean {
  if (session.kind !== 'LIVE') return true;
  const channel = playable.channel;
  if (channel && (channel.parental === PARENTAL_RESTRICTED || channel.isAdult === 1)) return true;
  return playable.event !== null && playable.event.startTime <= session.createdAt;
}
