/** Pure rules of the channel timelines: anchors and the catch-up window. */
import { LIVE_EPOCH_MS } from '@pantalla/media';
import type { PlayableChannel, PlayableEvent } from '../catalogue';

/** Every channel's looped timeline starts at the same anchor; its clip gives it its own look. */
export const channelTimelineStart = (): number => LIVE_EPOCH_MS;

/** Why a catch-up play is or is not allowed. */
export type CatchupCheck = 'ok' | 'no-catchup' | 'not-ended' | 'expired' | 'before-timeline';

/**
 * Catch-up needs catchup_hours > 0, a programme that has ended, and its start within the
 * last catchup_hours (spec: 24 × days when catch-up is on).
 */
export function checkCatchup(
  channel: Pick<PlayableChannel, 'catchupHours'>,
  event: Pick<PlayableEvent, 'startTime' | 'endTime'>,
  nowMs: number,
): CatchupCheck {
  if (channel.catchupHours <= 0) return 'no-catchup';
  if (event.endTime > nowMs) return 'not-ended';
  if (event.startTime < nowMs - channel.catchupHours * 3600_000) return 'expired';
  if (event.startTime < channelTimelineStart()) return 'before-timeline';
  return 'ok';
}

/** The refusal text of each failed catch-up check. */
export const CATCHUP_MESSAGES: Record<Exclude<CatchupCheck, 'ok'>, string> = {
  'no-catchup': 'Este canal no ofrece catch-up.',
  'not-ended': 'El programa aún no ha terminado: míralo en directo o desde el principio.',
  expired: 'El programa está fuera de la ventana de catch-up del canal.',
  'before-timeline': 'El programa es anterior al inicio de la emisión del canal.',
};
