import { describe, expect, it } from 'vitest';
import type { QoeBeacon } from '@pantalla/contracts';
import { QoeRecorder, QOE_BEACON_INTERVAL_MS } from './qoe-recorder';

function harness(enabled = true) {
  let now = 1_000;
  let ids = 0;
  let tick: (() => void) | null = null;
  const sent: { beacon: QoeBeacon; leaving: boolean }[] = [];
  const recorder = new QoeRecorder({
    now: () => now,
    newViewId: () => `view-${String(++ids).padStart(4, '0')}`,
    environment: (playerVersion) => ({ playerVersion, browser: 'Chrome', os: 'Linux', screen: 'desktop' }),
    enabled: () => enabled,
    send: (beacon, leaving) => sent.push({ beacon, leaving }),
    setTimer: (fn, ms) => {
      expect(ms).toBe(QOE_BEACON_INTERVAL_MS);
      tick = fn;
      return () => (tick = null);
    },
  });
  recorder.attachPlayer({ playerVersion: () => 'shaka 5.2.12', droppedFrames: () => 3, bufferAheadMs: () => 12_000 });
  return { recorder, sent, advance: (ms: number) => (now += ms), tick: () => tick?.(), hasTimer: () => tick !== null };
}

describe('QoeRecorder', () => {
  it('a zap ends the view and starts a zap view; both go in the next periodic beacon', () => {
    const h = harness();
    h.recorder.begin({ itemType: 'LIVE', itemId: 1 });
    h.advance(500);
    h.recorder.signal({ type: 'playing' });
    h.advance(10_000);
    h.recorder.begin({ itemType: 'LIVE', itemId: 2 });
    h.advance(700);
    h.recorder.signal({ type: 'playing' });
    expect(h.sent).toHaveLength(0);
    h.tick();
    expect(h.sent).toHaveLength(1);
    const [first, second] = h.sent[0]!.beacon.views;
    expect(first).toMatchObject({ itemId: 1, ended: true, startupMs: 500, zap: false, droppedFrames: 3 });
    expect(second).toMatchObject({ itemId: 2, ended: false, startupMs: 700, zap: true });
  });
  it('samples the buffer ahead with each periodic beacon of a view that plays', () => {
    const h = harness();
    h.recorder.begin({ itemType: 'LIVE', itemId: 1 });
    h.advance(400);
    h.recorder.signal({ type: 'playing' });
    h.advance(30_000);
    h.tick();
    expect(h.sent[0]!.beacon.views[0]!.events).toEqual([
      [400, 'first', 0],
      [30_400, 'buffer', 12_000],
    ]);
  });
  it('sends one request per period at most, the rest at the end', () => {
    const h = harness();
    for (let i = 1; i <= 20; i += 1) {
      h.recorder.begin({ itemType: 'LIVE', itemId: i });
      h.advance(100);
    }
    h.tick();
    expect(h.sent).toHaveLength(1);
    h.recorder.end();
    expect(h.sent.flatMap((s) => s.beacon.views).map((v) => v.itemId)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(h.hasTimer()).toBe(false);
  });
  it('a page hide sends at once with keepalive', () => {
    const h = harness();
    h.recorder.begin({ itemType: 'VOD', itemId: 9 });
    h.recorder.pageHidden();
    expect(h.sent).toMatchObject([{ leaving: true }]);
  });
  it('sends and keeps nothing once opted out', () => {
    const h = harness(false);
    h.recorder.begin({ itemType: 'LIVE', itemId: 1 });
    h.recorder.end();
    expect(h.sent).toHaveLength(0);
    expect(h.recorder.current()).toBeNull();
  });
  it('a zap after a running beacon sends that view ended; the page going ends the zapped view too', () => {
    const h = harness();
    h.recorder.begin({ itemType: 'LIVE', itemId: 1 });
    h.advance(400);
    h.recorder.signal({ type: 'playing' });
    h.advance(QOE_BEACON_INTERVAL_MS);
    h.tick();
    h.recorder.begin({ itemType: 'LIVE', itemId: 2 });
    h.advance(600);
    h.recorder.signal({ type: 'playing' });
    h.advance(5_000);
    h.recorder.pageGone();
    const last = new Map(h.sent.flatMap((s) => s.beacon.views).map((v) => [v.viewId, v]));
    expect([...last.values()]).toMatchObject([
      { itemId: 1, ended: true, zap: false },
      { itemId: 2, ended: true, zap: true, startupMs: 600 },
    ]);
    expect(h.sent.at(-1)?.leaving).toBe(true);
    expect(h.hasTimer()).toBe(false);
  });
  it('a zapping spree past the waiting limit still ends every view the server holds as running', () => {
    const h = harness();
    h.recorder.begin({ itemType: 'LIVE', itemId: 1 });
    h.recorder.signal({ type: 'playing' });
    h.advance(QOE_BEACON_INTERVAL_MS);
    h.tick();
    expect(h.sent[0]!.beacon.views[0]).toMatchObject({ itemId: 1, ended: false });
    for (let i = 2; i <= 100; i += 1) {
      h.recorder.begin({ itemType: 'LIVE', itemId: i });
      h.advance(200);
    }
    h.recorder.end();
    const finals = h.sent.slice(1).flatMap((s) => s.beacon.views);
    expect(finals.find((v) => v.itemId === 1)).toMatchObject({ ended: true });
    expect(finals.every((v) => v.ended)).toBe(true);
    expect(finals.at(-1)?.itemId).toBe(100);
  });
});
