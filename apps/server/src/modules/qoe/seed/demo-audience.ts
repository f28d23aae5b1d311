import { inDemoOutage, type QoeDemoConfig } from '../../../platform/config';
import { MINUTE_MS } from '../rollup';
import type { QoeEvent } from '@pantalla/contracts';
import type { QoeViewInsert } from '../tables';

/**
 * The QoE demo's audience (demo only): plausible views of the demo channels, made from the
 * minute they start, so every process (and every restart) makes the same views with the same
 * ids. Viewers are negative account ids: no account ever has one, so nobody's data export
 * or erasure meets them.
 */

/** Views starting per minute across all channels at the evening peak. */
const PEAK_PER_MINUTE = 1.5;
/** Share of the day's peak by UTC hour (Spain is UTC+1/+2): a trough at night, prime time at 21–23. */
const HOURLY = [
  0.35, 0.2, 0.1, 0.06, 0.05, 0.07, 0.15, 0.25, 0.3, 0.3, 0.3, 0.35, 0.45, 0.5, 0.45, 0.4, 0.4, 0.45, 0.55, 0.75, 0.95,
  1, 0.9, 0.6,
];
const VIEWERS = 4000;

/** A generated view: every column given (the rollup reads them as the database returns them). */
export type DemoView = QoeViewInsert & {
  startupMs: number | null;
  errorCode: number | null;
  licenceCode: number | null;
};
const DEVICES = [
  ['desktop', 0.35],
  ['phone', 0.35],
  ['tv', 0.18],
  ['tablet', 0.12],
] as const;
const BROWSERS = [
  ['Chrome', 'Windows', 0.4],
  ['Safari', 'iOS', 0.22],
  ['Chrome', 'Android', 0.2],
  ['Firefox', 'Linux', 0.06],
  ['Edge', 'Windows', 0.07],
  ['Safari', 'macOS', 0.05],
] as const;
const REGIONS = [
  ['ES', 0.82],
  ['PT', 0.05],
  ['FR', 0.04],
  ['DE', 0.03],
  ['MX', 0.03],
  ['AR', 0.03],
] as const;
/** Shaka's codes the history's rare failures carry: HTTP status, network, media decode, licence. */
const ERRORS = [
  [1001, null],
  [1002, null],
  [3016, null],
  [6007, 403],
] as const;

/** mulberry32 seeded by the minute and a slot: the same minute always makes the same views. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T extends readonly [...unknown[], number]>(rows: readonly T[], r: number): T {
  let left = r;
  for (const row of rows) {
    left -= row[row.length - 1] as number;
    if (left < 0) return row;
  }
  return rows[rows.length - 1] as T;
}

/** A start-up time in ms: log-normal around 1.4 s, slower on phones. */
function startup(rnd: () => number, device: string): number {
  const normal = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  return Math.round(Math.min(30_000, 1400 * (device === 'phone' ? 1.3 : 1) * Math.exp(0.55 * normal)));
}

/** The views of the demo channels that start in the minute `minute` (epoch ms, whole minute). */
export function demoViewsOfMinute(
  minute: number,
  channels: readonly number[],
  demo: QoeDemoConfig,
  live = true,
): DemoView[] {
  const rnd = random(minute / MINUTE_MS);
  const hour = new Date(minute).getUTCHours();
  const expected = PEAK_PER_MINUTE * (HOURLY[hour] ?? 0.3) * (0.8 + 0.4 * rnd());
  const count = Math.floor(expected) + (rnd() < expected % 1 ? 1 : 0);
  const outage = inDemoOutage(demo, minute);
  const views: DemoView[] = [];
  // Two more views a minute on the flaky channel in a live outage: the alerts' minimum of views
  // within three minutes. Not in the history, where they would make the channel look always broken.
  for (let slot = 0; slot < count + (outage && live ? 2 : 0); slot += 1) {
    const itemId =
      slot >= count ? demo.flakyChannelId : (channels[Math.floor(channels.length * rnd() ** 2)] ?? demo.flakyChannelId);
    views.push(demoView(minute, slot, itemId, outage && itemId === demo.flakyChannelId));
  }
  return views;
}

function demoView(minute: number, slot: number, itemId: number, failing: boolean): DemoView {
  const rnd = random(minute / MINUTE_MS + slot * 7919 + 1);
  const [deviceClass] = weighted(DEVICES, rnd());
  const [browser, os] = weighted(BROWSERS, rnd());
  const [region] = weighted(REGIONS, rnd());
  const startedAt = minute + Math.floor(rnd() * MINUTE_MS);
  const exit = !failing && rnd() < 0.03;
  const error = failing
    ? ([1001, null] as const)
    : rnd() < 0.01
      ? weighted(
          ERRORS.map((e) => [...e, 0.25] as const),
          rnd(),
        )
      : null;
  const startupMs = exit
    ? null
    : failing
      ? rnd() < 0.5
        ? null
        : startup(rnd, deviceClass)
      : startup(rnd, deviceClass);
  const watchMs = exit
    ? Math.round(2000 + rnd() * 6000)
    : failing
      ? Math.round(10_000 + rnd() * 20_000)
      : Math.round(60_000 * (1 + 10 * rnd() ** 2));
  const stalls = startupMs === null || rnd() < 0.7 ? 0 : Math.ceil(rnd() * 3);
  const rebufferMs = stalls * Math.round(500 + rnd() * 3000);
  const avgBitrate = startupMs === null ? 0 : (BITRATES[Math.floor(rnd() * BITRATES.length)] ?? 2_500_000);
  const events = demoEvents(rnd, {
    startupMs,
    watchMs,
    stalls,
    rebufferMs,
    avgBitrate,
    errorCode: error ? error[0] : null,
  });
  return {
    viewId: `demo${minute / MINUTE_MS}x${slot}`,
    userId: -1 - Math.floor(rnd() * VIEWERS),
    itemType: 'LIVE',
    itemId,
    startedAt,
    lastAt: startedAt + watchMs,
    deviceClass,
    browser,
    os,
    playerVersion: 'shaka v5.2.12',
    region,
    startupMs,
    zap: rnd() < 0.25 ? 1 : 0,
    ended: 1,
    exitBeforeStart: exit ? 1 : 0,
    rebufferCount: stalls,
    rebufferMs,
    watchMs,
    playingMs: Math.max(0, watchMs - rebufferMs - (startupMs ?? 0)),
    errorCode: error ? error[0] : null,
    licenceCode: error ? error[1] : null,
    avgBitrate,
    renditionSwitches: Math.floor(rnd() * 4),
    droppedFrames: Math.floor(rnd() ** 4 * 120),
    events: JSON.stringify(events),
  };
}

const BITRATES = [1_200_000, 2_500_000, 4_500_000] as const;

/** A generated view's timeline as a player sends it: rendition, first frame, buffer samples every 30 s, stalls, the end or the failure. */
function demoEvents(
  rnd: () => number,
  v: {
    startupMs: number | null;
    watchMs: number;
    stalls: number;
    rebufferMs: number;
    avgBitrate: number;
    errorCode: number | null;
  },
): QoeEvent[] {
  const events: QoeEvent[] = [];
  if (v.startupMs !== null) {
    events.push([Math.max(0, v.startupMs - 120), 'bitrate', v.avgBitrate], [v.startupMs, 'first', 0]);
    const stallAt = new Set(Array.from({ length: v.stalls }, () => Math.floor(rnd() * 8)));
    const stallMs = v.stalls > 0 ? Math.round(v.rebufferMs / v.stalls) : 0;
    for (let k = 1, at = v.startupMs + 30_000; at < v.watchMs && events.length < 24; k += 1, at += 30_000) {
      if (stallAt.has(k)) events.push([at - 12_000, 'stall', 0], [at - 12_000 + stallMs, 'resume', 0]);
      events.push([at, 'buffer', Math.round(stallAt.has(k) ? 4000 + rnd() * 6000 : 12_000 + rnd() * 18_000)]);
    }
  }
  events.push(v.errorCode !== null ? [v.watchMs, 'error', v.errorCode] : [v.watchMs, 'end', 0]);
  return events;
}

/** The views starting in [from, to) (whole minutes). */
export function demoViewsBetween(
  from: number,
  to: number,
  channels: readonly number[],
  demo: QoeDemoConfig,
  live = true,
): DemoView[] {
  const views: DemoView[] = [];
  for (let minute = from; minute < to; minute += MINUTE_MS)
    views.push(...demoViewsOfMinute(minute, channels, demo, live));
  return views;
}
