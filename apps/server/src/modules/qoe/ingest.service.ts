import type { QoeBeacon } from '@pantalla/contracts';
import type { Platform } from '../../platform/module';
import { AppError } from '../../platform/errors';
import type { QoeRepository } from './qoe.repository';
import type { QoeViewInsert } from './tables';

/** Beacons one account may send per minute on one process (30 s batching sends 2; zaps and page hides a few more). */
export const BEACONS_PER_MINUTE = 20;
/** Buffered rows are written this often, or at once past FLUSH_ROWS. */
const FLUSH_EVERY_MS = 1000;
const FLUSH_ROWS = 500;
/** A player clock this far off is not believed: the view starts when the server heard of it. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60_000;

/**
 * Accepts beacons: a per-account rate limit, then the views into an in-process buffer that
 * is written in batches (every second, at 500 rows, and on shutdown). Every process of a
 * cluster accepts beacons into its own buffer; the latest summary of a view wins.
 */
export class QoeIngest {
  private buffer = new Map<string, QoeViewInsert>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly recent = new Map<number, number[]>();
  private readonly regions = new Map<number, string>();

  constructor(
    private readonly platform: Platform,
    private readonly repo: QoeRepository,
    private readonly countryOf: (userId: number) => Promise<string | null>,
  ) {}

  /** Takes a beacon of `userId`'s; throws 429 past the rate. Never waits for the database. */
  async accept(userId: number, beacon: QoeBeacon): Promise<void> {
    const now = this.platform.clock.now();
    this.limit(userId, now);
    const region = await this.regionOf(userId);
    for (const view of beacon.views) {
      const startedAt = Math.abs(view.startedAt - now) > MAX_CLOCK_SKEW_MS ? now - view.watchMs : view.startedAt;
      // A final summary waiting in the buffer outranks a running one that arrived after it.
      if (this.buffer.get(view.viewId)?.ended === 1 && !view.ended) continue;
      this.buffer.set(view.viewId, {
        viewId: view.viewId,
        userId,
        itemType: view.itemType,
        itemId: view.itemId,
        startedAt,
        lastAt: now,
        deviceClass: beacon.screen,
        browser: beacon.browser,
        os: beacon.os,
        playerVersion: beacon.playerVersion,
        region,
        startupMs: view.startupMs,
        zap: view.zap ? 1 : 0,
        ended: view.ended ? 1 : 0,
        exitBeforeStart: view.exitBeforeStart ? 1 : 0,
        rebufferCount: view.rebufferCount,
        rebufferMs: view.rebufferMs,
        watchMs: view.watchMs,
        playingMs: view.playingMs,
        errorCode: view.errorCode,
        licenceCode: view.licenceCode,
        avgBitrate: view.avgBitrate,
        renditionSwitches: view.renditionSwitches,
        droppedFrames: view.droppedFrames,
        events: view.events ? JSON.stringify(view.events) : null,
      });
    }
    if (this.buffer.size >= FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
  }

  /** Writes what is buffered (and waits for a write under way); shutdown and tests call it. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = [...this.buffer.values()];
    this.buffer = new Map();
    this.writing = this.writing.then(async () => {
      if (rows.length === 0) return;
      await this.repo
        .upsertViews(rows)
        .catch((error: unknown) => this.platform.log.warn({ err: error, rows: rows.length }, 'QoE views not written'));
    });
    return this.writing;
  }

  private limit(userId: number, now: number): void {
    const times = (this.recent.get(userId) ?? []).filter((t) => now - t < 60_000);
    if (times.length >= BEACONS_PER_MINUTE)
      throw new AppError(429, 'rate_limited', 'Demasiados informes de reproducción; espera un minuto.');
    times.push(now);
    this.recent.set(userId, times);
    // The map forgets quiet accounts now and then, so it does not grow with every viewer ever seen.
    if (this.recent.size > 50_000)
      for (const [id, list] of this.recent) if (list.every((t) => now - t >= 60_000)) this.recent.delete(id);
  }

  private async regionOf(userId: number): Promise<string> {
    const known = this.regions.get(userId);
    if (known !== undefined) return known;
    const country = (await this.countryOf(userId).catch(() => null))?.toUpperCase();
    const region = country && /^[A-Z]{2}$/.test(country) ? country : '--';
    if (this.regions.size > 100_000) this.regions.clear();
    this.regions.set(userId, region);
    return region;
  }
}
