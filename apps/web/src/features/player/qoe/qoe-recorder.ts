import type { QoeBeacon, QoeView } from '@pantalla/contracts';
import { packBeacons } from './beacon-pack';
import type { QoeEnvironment } from './environment';
import {
  applySignal,
  endView,
  startView,
  summarizeView,
  type QoeItem,
  type QoeSignal,
  type ViewState,
} from './view-metrics';

/** At most one beacon this often while a view plays (issue 28). */
export const QOE_BEACON_INTERVAL_MS = 30_000;
/** Ended views waiting for a beacon; past this the oldest are forgotten (a zapping spree). */
const MAX_WAITING = 64;

/** What the recorder is given: the clock, ids, the device, the opt-out and the sender. */
export interface RecorderDeps {
  now: () => number;
  newViewId: () => string;
  /** The device, given the player's version. */
  environment: (playerVersion: string) => QoeEnvironment;
  /** False once the viewer opted out: nothing is kept or sent. */
  enabled: () => boolean;
  /** Sends one beacon without waiting for it; `leaving`: the page is going (keepalive). */
  send: (beacon: QoeBeacon, leaving: boolean) => void;
  setTimer: (fn: () => void, ms: number) => () => void;
}

/**
 * Keeps the view playing now and the views ended since the last beacon, and sends them:
 * every 30 s while a view lasts, and at once when playback ends or the page is hidden.
 * Nothing here is awaited by the player: a lost beacon loses a view's figures, never a frame.
 */
export class QoeRecorder {
  private view: ViewState | null = null;
  private waiting: QoeView[] = [];
  /** Views the server has heard of while running: their final summary must reach it too. */
  private reported = new Set<string>();
  private stopTimer: (() => void) | null = null;
  private player: QoePlayer | null = null;

  constructor(private readonly deps: RecorderDeps) {}

  /** The player whose version and dropped frames the beacons carry (null once it goes). */
  attachPlayer(player: QoePlayer | null): void {
    this.player = player;
  }

  /** Play intent for an item: ends the view before (a zap) and starts the next. */
  begin(item: QoeItem): void {
    const zap = this.view !== null && this.view.phase !== 'ended';
    this.finish();
    if (!this.deps.enabled()) return;
    this.view = startView(this.deps.newViewId(), item, this.deps.now(), zap);
    this.stopTimer ??= this.deps.setTimer(() => this.flush(false, false), QOE_BEACON_INTERVAL_MS);
  }

  /** A player signal for the view playing now; its time is now. */
  signal(signal: DistributiveOmit<QoeSignal, 'at'>): void {
    if (!this.view) return;
    this.view = applySignal(this.view, { ...signal, at: this.deps.now() } as QoeSignal);
  }

  /** Playback ends (Back, the screen closes): the last beacon goes now. */
  end(): void {
    this.finish();
    this.stopTimer?.();
    this.stopTimer = null;
    this.flush(true, false);
  }

  /** The page is hidden: everything known goes now, as the page may never come back. */
  pageHidden(): void {
    this.flush(true, true);
  }

  /**
   * The page is going (pagehide): no cleanup will run after this, so the view ends here and
   * its final summary leaves with keepalive; a page restored from the back-forward cache
   * begins a new view.
   */
  pageGone(): void {
    this.finish();
    this.stopTimer?.();
    this.stopTimer = null;
    this.flush(true, true);
  }

  /** The view in progress (tests and the bench read it). */
  current(): ViewState | null {
    return this.view;
  }

  private finish(): void {
    if (!this.view) return;
    const ended = endView(this.withFrames(this.view), this.deps.now());
    this.waiting.push(summarizeView(ended, this.deps.now()));
    this.view = null;
    if (this.waiting.length <= MAX_WAITING) return;
    // A view the server holds as running would stay "not ended" forever without its final
    // summary: those are kept, and the oldest never reported are forgotten first.
    const excess = this.waiting.length - MAX_WAITING;
    const forget = new Set(
      this.waiting
        .filter((v) => !this.reported.has(v.viewId))
        .slice(0, excess)
        .map((v) => v.viewId),
    );
    this.waiting = this.waiting.filter((v) => !forget.has(v.viewId)).slice(-MAX_WAITING);
  }

  private withFrames(view: ViewState): ViewState {
    return applySignal(view, { type: 'frames', at: this.deps.now(), dropped: this.player?.droppedFrames() ?? 0 });
  }

  /** Sends what is known; a periodic beacon sends one request at most, the rest waits for the next. */
  private flush(all: boolean, leaving: boolean): void {
    if (!this.deps.enabled()) {
      this.waiting = [];
      this.reported.clear();
      return;
    }
    if (this.view) this.view = this.withFrames(this.view);
    const ahead = this.player?.bufferAheadMs() ?? null;
    if (this.view && !all && ahead !== null)
      this.view = applySignal(this.view, { type: 'buffer', at: this.deps.now(), aheadMs: ahead });
    const views = [...this.waiting, ...(this.view ? [summarizeView(this.view, this.deps.now())] : [])];
    if (views.length === 0) return;
    const beacons = packBeacons(this.deps.environment(this.player?.playerVersion() ?? 'unknown'), views);
    const sent = all ? beacons : beacons.slice(0, 1);
    for (const beacon of sent) this.deps.send(beacon, leaving);
    const sentIds = new Set(sent.flatMap((b) => b.views.map((v) => v.viewId)));
    this.waiting = this.waiting.filter((v) => !sentIds.has(v.viewId));
    for (const view of sent.flatMap((b) => b.views)) {
      if (view.ended) this.reported.delete(view.viewId);
      else this.reported.add(view.viewId);
    }
  }
}

/** What of the player the recorder reads. */
export interface QoePlayer {
  playerVersion(): string;
  droppedFrames(): number;
  /** Media buffered ahead of the playhead (ms); null when nothing plays. */
  bufferAheadMs(): number | null;
}

/** Omit over each member of a union (signals differ in their fields). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
