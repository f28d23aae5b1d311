import { PARENTAL_RESTRICTED } from '@pantalla/contracts';
import type { PlaybackTarget } from './playback-session';

/** Until when (epoch ms) the server's parental grant holds (this app session; the server decides). */
let parentalGrantUntil = 0;

/** `grantedUntil` as the server answers it: epoch seconds. */
export function rememberParentalGrant(grantedUntilSeconds: number): void {
  parentalGrantUntil = grantedUntilSeconds * 1000;
}

/** Spec: the PIN is asked for rating 7 when the user has one, unless already granted or the item is flagged adult. */
export function needsPin(target: Pick<PlaybackTarget, 'parental' | 'adult'>, hasPin: boolean, nowMs: number): boolean {
  return target.parental === PARENTAL_RESTRICTED && hasPin && !target.adult && nowMs >= parentalGrantUntil;
}
