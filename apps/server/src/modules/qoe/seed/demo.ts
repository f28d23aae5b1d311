import type { QoeDemoConfig } from '../../../platform/config';
import type { Platform } from '../../../platform/module';
import type { QoeRepository } from '../qoe.repository';
import { concurrencyRows, MINUTE_MS, minuteFacetRows, minuteOf, minuteRows } from '../rollup';
import { demoViewsBetween } from './demo-audience';
import { QoeDemoRepository } from './demo.repository';

/** The generated history reaches this far back (raw views are kept 30 days by default). */
const HISTORY_DAYS = 30;
/** Each round writes the audience of the minutes this far back: views are made once, by their ids. */
const AUDIENCE_REACH_MS = 10 * MINUTE_MS;

/**
 * The QoE demo (QOE_DEMO): a month of views of the demo channels written once with their
 * aggregates, then a live audience each minute, the flaky channel's failures among it.
 */
export class QoeDemo {
  private channels: readonly number[] = [];
  private readonly demoRepo: QoeDemoRepository;

  constructor(
    private readonly platform: Platform,
    private readonly repo: QoeRepository,
    private readonly demo: QoeDemoConfig,
  ) {
    this.demoRepo = new QoeDemoRepository(platform.db);
  }

  /** The history, unless the database holds aggregates already (restarts, real data); returns views written. */
  async seedHistory(channels: readonly number[]): Promise<number> {
    this.channels = channels;
    if (channels.length === 0 || (await this.demoRepo.hasHistory())) return 0;
    const to = minuteOf(this.platform.clock.now());
    const from = to - Math.min(HISTORY_DAYS, this.platform.config.qoeRawDays) * 24 * 60 * MINUTE_MS;
    const started = Date.now();
    const views = demoViewsBetween(from, to, channels, this.demo, false);
    await this.demoRepo.insertViews(views);
    // Only minutes already begun: the live rounds' rollup takes the rest as the clock reaches them.
    await this.repo.replaceAggregates(
      from,
      minuteRows(views),
      concurrencyRows(views, from, to),
      minuteFacetRows(views),
    );
    await this.repo.advanceItemWindow(this.platform.clock.now());
    this.platform.log.info({ views: views.length, ms: Date.now() - started }, 'QoE demo history written');
    return views.length;
  }

  /** The audience of the last minutes, this one's so far too (a scheduled round, before its rollup). */
  async audience(): Promise<void> {
    if (this.channels.length === 0) return;
    const now = this.platform.clock.now();
    const to = minuteOf(now) + MINUTE_MS;
    await this.repo.upsertViews(
      demoViewsBetween(to - AUDIENCE_REACH_MS, to, this.channels, this.demo).filter((v) => v.startedAt <= now),
    );
  }
}
