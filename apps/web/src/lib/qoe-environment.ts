import type { QoeBeacon } from '@pantalla/contracts';

/* The device as the quality reports name it: the player's beacons and /conndiag/'s speed runs (issue 28). */

/** The device part of a beacon: coarse names only, nothing that tells one person from another. */
export type QoeEnvironment = Pick<QoeBeacon, 'playerVersion' | 'browser' | 'os' | 'screen'>;

/** The browser's family from its user agent (order matters: Edge and Opera also say Chrome). */
export function browserOf(userAgent: string): string {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Other';
}

/** The operating system's family from the user agent. */
export function osOf(userAgent: string): string {
  if (/Android/.test(userAgent)) return 'Android';
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'iOS';
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(userAgent)) return 'macOS';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Tizen|Web0S|webOS|SMART-TV|SmartTV/.test(userAgent)) return 'TV';
  if (/Linux/.test(userAgent)) return 'Linux';
  return 'Other';
}

/** The screen class by the screen's shorter and longer sides (CSS px); a TV says so in its user agent. */
export function screenClassOf(width: number, height: number, userAgent: string): QoeBeacon['screen'] {
  if (/Tizen|Web0S|webOS|SMART-TV|SmartTV|CrKey|AFT/.test(userAgent)) return 'tv';
  const short = Math.min(width, height);
  if (short < 600) return 'phone';
  if (short < 900 && !/Windows|Macintosh|X11|CrOS/.test(userAgent)) return 'tablet';
  return 'desktop';
}

/** This device as the beacons describe it. */
export function currentEnvironment(playerVersion: string): QoeEnvironment {
  const userAgent = navigator.userAgent;
  return {
    playerVersion: playerVersion.replace(/[^A-Za-z0-9 ._()/-]/g, '').slice(0, 40),
    browser: browserOf(userAgent),
    os: osOf(userAgent),
    screen: screenClassOf(window.screen.width, window.screen.height, userAgent),
  };
}
