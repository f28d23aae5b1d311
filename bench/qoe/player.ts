// The player's cost of the quality reports (issue 28): the recorder's own CPU time per minute
// of playback, in Node, on a scripted hour of live viewing (a rendition change every 10 s, a
// stall every few minutes, a zap every 10 minutes, the 30 s beacon timer) — with beacons
// (packed and serialised as sent) and without them (the viewer opted out: nothing is kept).
import type { QoeBeacon } from '@pantalla/contracts';
import { QoeRecorder, QOE_BEACON_INTERVAL_MS } from '../../apps/web/src/features/player/qoe/qoe-recorder';

const QUICK = process.env.BENCH_QUICK === '1';
const MINUTES = QUICK ? 2_000 : 20_000;

function playback(enabled: boolean): { cpuUs: number; bytes: number } {
  let now = 0;
  let tick: (() => void) | null = null;
  let bytes = 0;
  const recorder = new QoeRecorder({
    now: () => now,
    newViewId: () => Math.random().toString(36).slice(2).padEnd(12, '0'),
    environment: (playerVersion) => ({ playerVersion, browser: 'Chrome', os: 'Linux', screen: 'desktop' }),
    enabled: () => enabled,
    // What fetch would be given: the body's serialisation is the device's work.
    send: (beacon: QoeBeacon) => (bytes += JSON.stringify(beacon).length),
    setTimer: (fn) => {
      tick = fn;
      return () => (tick = null);
    },
  });
  recorder.attachPlayer({ playerVersion: () => 'shaka v5.2.12', droppedFrames: () => 2, bufferAheadMs: () => 12_000 });
  const start = process.cpuUsage();
  for (let minute = 0; minute < MINUTES; minute += 1) {
    if (minute % 10 === 0) {
      recorder.begin({ itemType: 'LIVE', itemId: 1 + (minute % 40) });
      now += 800;
      recorder.signal({ type: 'playing' });
    }
    for (let s = 0; s < 60; s += 10) {
      now += 10_000;
      recorder.signal({ type: 'rendition', bitrate: s % 20 === 0 ? 2_500_000 : 4_500_000 });
      if (minute % 3 === 0 && s === 30) {
        recorder.signal({ type: 'buffering', buffering: true });
        now += 700;
        recorder.signal({ type: 'buffering', buffering: false });
        recorder.signal({ type: 'playing' });
      }
      if (now % QOE_BEACON_INTERVAL_MS < 10_000) (tick as (() => void) | null)?.();
    }
  }
  recorder.end();
  const used = process.cpuUsage(start);
  return { cpuUs: used.user + used.system, bytes };
}

export function runPlayerCostBench(): void {
  playback(true); // warm-up: the JIT, so both figures are steady state
  const on = playback(true);
  const off = playback(false);
  console.log(
    `Recorder with beacons: ${(on.cpuUs / MINUTES).toFixed(1)} µs CPU a minute of playback (${(on.cpuUs / MINUTES / 600).toFixed(3)} ‰ of one core), ${Math.round(on.bytes / MINUTES)} bytes sent a minute`,
  );
  console.log(`Recorder opted out (no beacons): ${(off.cpuUs / MINUTES).toFixed(1)} µs CPU a minute of playback`);
}
