import { describe, expect, it } from 'vitest';
import type { QoeView } from '@pantalla/contracts';
import { browserOf, osOf, screenClassOf } from './environment';
import { beaconBytes, packBeacons } from './beacon-pack';

const chromeMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const edgeWin =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0';
const safariPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const firefoxAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0';
const tizen =
  'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0 TV Safari/537.36';

describe('device names', () => {
  it('names the browser family', () => {
    expect([chromeMac, edgeWin, safariPhone, firefoxAndroid, tizen, 'curl/8'].map(browserOf)).toEqual([
      'Chrome',
      'Edge',
      'Safari',
      'Firefox',
      'Samsung Internet',
      'Other',
    ]);
  });
  it('names the operating system', () => {
    expect([chromeMac, edgeWin, safariPhone, firefoxAndroid, tizen, 'curl/8'].map(osOf)).toEqual([
      'macOS',
      'Windows',
      'iOS',
      'Android',
      'TV',
      'Other',
    ]);
  });
  it('classes the screen by its shorter side, a TV by its user agent', () => {
    expect(screenClassOf(390, 844, safariPhone)).toBe('phone');
    expect(screenClassOf(820, 1180, safariPhone)).toBe('tablet');
    expect(screenClassOf(1440, 900, chromeMac)).toBe('desktop');
    expect(screenClassOf(768, 1366, edgeWin)).toBe('desktop');
    expect(screenClassOf(1920, 1080, tizen)).toBe('tv');
  });
});

const environment = { playerVersion: 'shaka 5.2.12', browser: 'Chrome', os: 'macOS', screen: 'desktop' as const };
function view(n: number): QoeView {
  return {
    viewId: `view-${String(n).padStart(6, '0')}`,
    itemType: 'LIVE',
    itemId: n + 1,
    startedAt: 1_700_000_000_000 + n,
    startupMs: 1234,
    zap: true,
    ended: true,
    exitBeforeStart: false,
    rebufferCount: 3,
    rebufferMs: 4567,
    watchMs: 123_456,
    playingMs: 120_000,
    errorCode: 6007,
    licenceCode: 403,
    avgBitrate: 4_500_000,
    renditionSwitches: 12,
    droppedFrames: 345,
  };
}

describe('beacon packing', () => {
  it('keeps every beacon within 4 KB and 8 views, views in order and whole', () => {
    const views = Array.from({ length: 30 }, (_, i) => view(i));
    const beacons = packBeacons(environment, views);
    expect(beacons.length).toBeGreaterThan(3);
    for (const beacon of beacons) {
      expect(beaconBytes(beacon)).toBeLessThanOrEqual(4096);
      expect(beacon.views.length).toBeLessThanOrEqual(8);
    }
    expect(beacons.flatMap((b) => b.views)).toEqual(views);
  });
  it('sends nothing for no views', () => {
    expect(packBeacons(environment, [])).toEqual([]);
  });
});
