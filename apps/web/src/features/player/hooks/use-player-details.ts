import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EventDetail, Film } from '@pantalla/contracts';
import { channelEventsQueryOptions, eventQueryOptions, filmQueryOptions } from '../api/catalogue';
import type { PlaybackTarget } from '../lib/playback-session';
import type { Programme } from './use-live';

const TWO_HOURS = 2 * 3600_000;
const NONE: readonly Programme[] = [];

/**
 * What the catalogue says about what plays: a live channel's programmes around now (on air,
 * and those a time-shift reaches), a catch-up event, a film. They wait for `started` (the
 * first frame or a refusal): on one server they would otherwise queue with the manifest,
 * licence and first segments.
 */
export function usePlayerDetails(
  target: PlaybackTarget,
  channelId: number | null,
  started: boolean,
): { programmes: readonly Programme[]; event: EventDetail | null; film: Film | null } {
  // The programme window is fixed per screen (rounded, so the query is shared across zaps).
  const [now] = useState(() => Math.floor(Date.now() / 600_000) * 600_000);
  const programmes = useQuery({
    ...channelEventsQueryOptions(channelId ?? 0, now - TWO_HOURS, now + TWO_HOURS),
    enabled: started && target.type === 'LIVE' && channelId !== null,
  });
  const event = useQuery({ ...eventQueryOptions(target.id), enabled: started && target.type === 'CUTV' });
  const film = useQuery({ ...filmQueryOptions(target.id), enabled: started && target.type === 'VOD' });
  return { programmes: programmes.data?.resources ?? NONE, event: event.data ?? null, film: film.data ?? null };
}
