import { MAX_ID, PARENTAL_RESTRICTED, type SessionReference } from '@pantalla/contracts';
import { badRequest, notFound } from '../../platform/errors';
import type { PlayableChannel, PlayableEvent, Playables } from '../catalogue';
import { CATCHUP_MESSAGES, checkCatchup } from '../origin';
import { externalCatchupStreams, externalStreams, type ExternalStream } from './external/streams';
import type { RecordedProgramme, RecordedProgrammes } from './session-rules';
import type { SessionKind } from './tables';

/** What a session plays, resolved from the catalogue. */
export interface Playable {
  kind: SessionKind;
  contentId: number;
  packageId: number;
  /** Rating 7 (or an adult channel): needs a fresh parental grant when the user has a PIN. */
  restricted: boolean;
  /** The highest rating of what plays (an adult channel counts as 7): a kids profile sees up to KIDS_MAX_RATING. */
  rating: number;
  clipKey: string;
  /** An external source's URL (played as is, without our DRM); null for the origin. */
  externalUrl: string | null;
  /** External URLs the player falls back to, in order, when externalUrl fails (M3U alternates). */
  externalAlternates: string[];
  /** externalUrl then externalAlternates, each with the headers its list entry asked for. */
  externalStreams: ExternalStream[];
  channel: PlayableChannel | null;
  event: PlayableEvent | null;
  /** A REC session's recording: only its owner may play it. */
  recording?: RecordedProgramme;
}

function numericId(id: string): number {
  if (!/^\d{1,10}$/.test(id) || Number(id) > MAX_ID)
    throw badRequest('reference.id debe ser un identificador numérico.');
  return Number(id);
}

const isRestricted = (parental: number, isAdult = 0): boolean => parental === PARENTAL_RESTRICTED || isAdult === 1;
const ratingOf = (channel: PlayableChannel | null, ...parentals: number[]): number =>
  Math.max(channel?.isAdult === 1 ? PARENTAL_RESTRICTED : 0, channel?.parental ?? 0, ...parentals);

/** A playable's external streams: none for the origin's. */
function external(streams: ExternalStream[]): Pick<Playable, 'externalUrl' | 'externalAlternates' | 'externalStreams'> {
  return {
    externalUrl: streams[0]?.url ?? null,
    externalAlternates: streams.slice(1).map((s) => s.url),
    externalStreams: streams,
  };
}

/** Resolves a session reference to what plays; 404 when unknown, 400 outside the catch-up window. */
export async function resolvePlayable(
  content: Playables,
  kind: SessionKind,
  contentId: number,
  nowMs: number,
): Promise<Playable> {
  if (kind === 'LIVE') {
    const channel = await content.channel(contentId);
    if (!channel) throw notFound('No existe ese canal.');
    // The programme on air decides too: a pay-per-view event needs its own package, a rating-7 one the PIN.
    const onAir = await content.eventAt(contentId, nowMs);
    return {
      kind,
      contentId,
      packageId: onAir?.packageId ?? channel.packageId,
      restricted:
        isRestricted(channel.parental, channel.isAdult) || (onAir !== undefined && isRestricted(onAir.parental)),
      rating: ratingOf(channel, onAir?.parental ?? 0),
      clipKey: channel.clipKey,
      ...external(channel.streamSource === 'external' ? externalStreams(channel) : []),
      channel,
      event: onAir ?? null,
    };
  }
  if (kind === 'CUTV') {
    const event = await content.event(contentId);
    if (!event) throw notFound('No existe ese programa.');
    const channel = await content.channel(event.channelId);
    if (!channel) throw notFound('No existe el canal de ese programa.');
    const check = checkCatchup(channel, event, nowMs);
    if (check !== 'ok' && !(check === 'before-timeline' && channel.streamSource === 'external'))
      throw badRequest(CATCHUP_MESSAGES[check]);
    // An imported channel's archive is its provider's: the programme's times go into its catch-up template.
    const archive = external(channel.streamSource === 'external' ? externalCatchupStreams(channel, event, nowMs) : []);
    if (channel.streamSource === 'external' && archive.externalUrl === null)
      throw badRequest(CATCHUP_MESSAGES['no-catchup']);
    return {
      kind,
      contentId,
      packageId: event.packageId ?? channel.packageId,
      restricted: isRestricted(event.parental) || isRestricted(channel.parental, channel.isAdult),
      rating: ratingOf(channel, event.parental),
      clipKey: channel.clipKey,
      ...archive,
      channel,
      event,
    };
  }
  if (kind === 'REC') throw badRequest('Una grabación se abre con POST /recordings/{id}/play.');
  const title = kind === 'VOD' ? await content.film(contentId) : await content.episode(contentId);
  if (!title) throw notFound(kind === 'VOD' ? 'No existe esa película.' : 'No existe ese episodio.');
  return {
    kind,
    contentId,
    packageId: title.packageId,
    restricted: isRestricted(title.parental),
    rating: title.parental,
    clipKey: title.clipKey,
    ...external([]),
    channel: null,
    event: null,
  };
}

/**
 * A subscriber's recording (issue 29): its programme's channel, package and ratings as catch-up
 * has them, without the catch-up window (the recording keeps its span for the retention period);
 * 404 once deleted or expired, 400 while still scheduled. When the guide no longer has the
 * programme, its channel's package and rating decide.
 */
export async function resolveRecording(
  content: Playables,
  recordings: RecordedProgrammes,
  recordingId: number,
): Promise<Playable> {
  const recording = await recordings.recorded(recordingId);
  if (!recording) throw notFound('Grabación no encontrada.');
  if (!recording.ready) throw badRequest('La grabación aún no está lista: el programa no ha terminado.');
  const channel = await content.channel(recording.channelId);
  if (!channel) throw notFound('No existe el canal de esa grabación.');
  if (channel.streamSource !== 'origin') throw badRequest(CATCHUP_MESSAGES['no-catchup']);
  const found = await content.event(recording.eventId);
  const event = found && found.channelId === channel.id ? found : null;
  const parental = event?.parental ?? 0;
  return {
    kind: 'REC',
    contentId: recording.id,
    packageId: event?.packageId ?? channel.packageId,
    restricted: isRestricted(parental) || isRestricted(channel.parental, channel.isAdult),
    rating: ratingOf(channel, parental),
    clipKey: channel.clipKey,
    ...external([]),
    channel,
    event,
    recording,
  };
}

/** A live programme watched from its start (restart window): its own rating and package decide, as on air. */
export async function resolveRestart(content: Playables, eventId: number): Promise<Playable> {
  const event = await content.event(eventId);
  if (!event) throw notFound('No existe ese programa.');
  const channel = await content.channel(event.channelId);
  if (!channel) throw notFound('No existe el canal de ese programa.');
  return {
    kind: 'LIVE',
    contentId: channel.id,
    packageId: event.packageId ?? channel.packageId,
    restricted: isRestricted(event.parental) || isRestricted(channel.parental, channel.isAdult),
    rating: ratingOf(channel, event.parental),
    clipKey: channel.clipKey,
    ...external(channel.streamSource === 'external' ? externalStreams(channel) : []),
    channel,
    event,
  };
}

/** The numeric id of a reference (ids are strings on the wire). */
export function referenceId(reference: SessionReference): number {
  return numericId(reference.id);
}
