/** Browsers by User-Agent token, most specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** Longest name kept (the column's width). */
export const DEVICE_NAME_MAX = 100;

/**
 * A name a subscriber recognises a device by in the open-streams list ('Chrome · Windows'),
 * from the User-Agent of the request that opened the stream; '' when it says nothing known.
 */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(' · ').slice(0, DEVICE_NAME_MAX);
}
