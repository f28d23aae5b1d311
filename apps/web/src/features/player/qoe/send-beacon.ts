import type { QoeBeacon } from '@pantalla/contracts';

/**
 * POSTs one beacon and forgets it. fetch with keepalive, not navigator.sendBeacon: the same
 * delivery that outlives the page, but it can carry the Authorization header the route
 * needs (the session's close on page hide does the same).
 */
export function sendQoeBeacon(beacon: QoeBeacon, idToken: string | null): void {
  if (!idToken) return;
  void fetch('/api/v1/qoe/beacons', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify(beacon),
  }).catch(() => undefined);
}
