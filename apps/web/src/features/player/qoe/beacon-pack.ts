import { QOE_BEACON_MAX_BYTES, QOE_BEACON_MAX_VIEWS, type QoeBeacon, type QoeView } from '@pantalla/contracts';
import type { QoeEnvironment } from './environment';

const encoder = new TextEncoder();

/** The size of a beacon's body in bytes, as sent. */
export function beaconBytes(beacon: QoeBeacon): number {
  return encoder.encode(JSON.stringify(beacon)).length;
}

/**
 * Packs views into as few beacons as fit the server's limits (≤ 4 KB, ≤ 8 views each), in
 * order. A view never splits; one that could not fit alone (it cannot: its fields are
 * bounded) would be dropped rather than refused whole.
 */
export function packBeacons(environment: QoeEnvironment, views: readonly QoeView[]): QoeBeacon[] {
  const beacons: QoeBeacon[] = [];
  let current: QoeView[] = [];
  const fits = (candidate: QoeView[]) =>
    candidate.length <= QOE_BEACON_MAX_VIEWS &&
    beaconBytes({ ...environment, views: candidate }) <= QOE_BEACON_MAX_BYTES;
  for (const view of views) {
    if (fits([...current, view])) {
      current.push(view);
      continue;
    }
    if (current.length > 0) beacons.push({ ...environment, views: current });
    current = fits([view]) ? [view] : [];
  }
  if (current.length > 0) beacons.push({ ...environment, views: current });
  return beacons;
}
