/** The guide's own view of channels and programmes, and the pure rules about them. */
import type { Channel, EpgProgramme } from '@pantalla/contracts';
import { isLive } from './geometry';
import { correctGaps } from './timeline';

export interface GuideChannel {
  id: number;
  name: string;
  number: number;
  logo: string;
  catchupHours: number;
  deliveryURL: string | null;
  adult: boolean;
  /** The channel's group (its channel genre: an M3U's group-title, or the operator's). */
  groupId: number;
}

export interface GuideProgramme {
  id: number;
  channelId: number;
  start: number;
  end: number;
  title: string;
  epg: EpgProgramme;
}

/** One channel's day: still coming, failed after the queue's retries, or its programmes (maybe none). */
export type DayState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; programmes: readonly GuideProgramme[] };

export function toGuideChannel(channel: Channel): GuideChannel {
  const logo =
    channel.images.find((image) => image.orientation === 'square')?.url ?? channel.images[0]?.url ?? channel.logoURL;
  return {
    id: channel.id,
    name: channel.name,
    number: channel.number,
    logo,
    catchupHours: channel.catchup_hours,
    deliveryURL: channel.deliveryURL,
    adult: channel.adult,
    groupId: channel.channelGenreId,
  };
}

export function toGuideProgramme(epg: EpgProgramme): GuideProgramme {
  return { id: epg.id_event, channelId: epg.id_channel, start: epg.startTime, end: epg.endTime, title: epg.title, epg };
}

/**
 * A channel's row from its days, oldest first: programmes of consecutive days with data are
 * joined (a programme crossing midnight comes in both days and is kept once) and their gaps
 * corrected; a day without data or not loaded breaks the run, so no programme is stretched
 * across it.
 */
export function mergeDays(days: readonly (DayState | undefined)[]): GuideProgramme[] {
  const out: GuideProgramme[] = [];
  let run: GuideProgramme[] = [];
  const flush = () => {
    if (run.length > 0) out.push(...correctGaps(run));
    run = [];
  };
  for (const day of days) {
    if (day?.status === 'ready' && day.programmes.length > 0) run.push(...day.programmes);
    else flush();
  }
  flush();
  return out;
}

export type PlayAction = { kind: 'live' } | { kind: 'catchup' } | { kind: 'none' };

/**
 * Which play link the overlay offers: live while airing; catch-up once ended when the
 * channel keeps catch-up (catchup_hours > 0) and the programme is still inside that
 * window (an imported channel's too: its archive is its provider's, played through its
 * catch-up template, issue 16); nothing for the future.
 */
export function playAction(
  programme: Pick<GuideProgramme, 'start' | 'end'>,
  channel: Pick<GuideChannel, 'catchupHours' | 'deliveryURL'>,
  now: number,
): PlayAction {
  if (isLive(now, programme.start, programme.end)) return { kind: 'live' };
  if (programme.end > now) return { kind: 'none' };
  if (channel.catchupHours > 0 && now - programme.end <= channel.catchupHours * 3_600_000) return { kind: 'catchup' };
  return { kind: 'none' };
}
