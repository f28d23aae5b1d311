import type { PlayerData } from '../../../lib/player-links';
import type { PlaybackTarget } from './playback-session';

/** What a decoded player address plays, or why it cannot (the catch-up variant without its event). */
export function targetOf(data: PlayerData): PlaybackTarget | { error: 'event-not-found' } {
  switch (data.type) {
    case 'LIVE':
      // The link's time is the programme's start, for the guide; live plays at the live edge.
      return { type: 'LIVE', id: data.channelId, parental: data.parental, adult: data.adult, startSeconds: null };
    case 'CUTV':
      return { type: 'CUTV', id: data.contentId, parental: data.parental, adult: data.adult, startSeconds: null };
    case 'CU':
      if (data.eventId === null) return { error: 'event-not-found' };
      return { type: 'CUTV', id: data.eventId, parental: data.parental, adult: false, startSeconds: null };
    case 'VOD':
      return {
        type: 'VOD',
        id: data.contentId,
        parental: data.parental,
        adult: data.adult,
        startSeconds: data.positionSeconds,
      };
    case 'SERIE':
      return { type: 'SERIE', id: data.contentId, parental: data.parental, adult: false, startSeconds: null };
    case 'REC':
      // A recording plays as catch-up of its programme, opened by the recording's own id.
      return {
        type: 'CUTV',
        id: data.eventId,
        recordingId: data.contentId,
        parental: data.parental,
        adult: false,
        startSeconds: null,
      };
  }
}

/** The channel a player address belongs to (live and catch-up), for zapping, logo and fingerprint. */
export function channelOf(data: PlayerData): number | null {
  return data.type === 'LIVE' || data.type === 'CUTV' || data.type === 'CU' || data.type === 'REC'
    ? data.channelId
    : null;
}
