import type { Platform, ServerModule } from '../../platform/module';
import type { Authenticator, PersonalDataHolder } from '../identity';
import { QoeAlertsService, type AlertNeeds } from './alerts.service';
import { qoeConsoleRoutes } from './console.routes';
import { QoeConsole } from './console.service';
import { QoeIngest } from './ingest.service';
import { qoeMigrations } from './migrations';
import { QoeRepository } from './qoe.repository';
import { qoeRoutes } from './qoe.routes';
import { QoeReports } from './report.service';
import { MINUTE_MS, minuteFacetRows, minuteOf, minuteRows, concurrencyRows } from './rollup';
import { QoeDemo } from './seed/demo';
import { SpeedTestsRepository } from './speed-tests.repository';
import { speedTestRoutes } from './speed-tests.routes';
import { SpeedTests } from './speed-tests.service';

/** What quality of experience needs of other modules. */
export interface QoeNeeds extends AlertNeeds {
  auth: Authenticator;
  countryOf: (userId: number) => Promise<string | null>;
}

/** Quality of experience as the application sees it. */
export interface Qoe {
  module: ServerModule;
  /** Writes buffered beacons now (tests, shutdown). */
  flush(): Promise<void>;
  /** One round of the scheduled work at the clock's now: rollup, alerts, retention (tests call it). */
  runScheduled(): Promise<void>;
  /** The user's raw views for the data export; erased with the account. */
  personalData: PersonalDataHolder;
  /** The account's /conndiag/ speed runs for the data export; erased with the account. */
  speedTestData: PersonalDataHolder;
  /** The QoE demo (QOE_DEMO only): a month's history of these channels once, then their live audience; returns views written. */
  seedDemo(channels: readonly number[]): Promise<number>;
}

/** Minutes the rollup recomputes each round: views report for a while after they start. */
const ROLLUP_REACH_MS = 3 * 60 * MINUTE_MS;
/** Aggregates are kept 13 months. */
const AGGREGATE_DAYS = 396;
const DAY_MS = 24 * 60 * MINUTE_MS;
const WORK_LOCK = 'qoe.work';

/** Players' beacons, raw views, per-minute aggregates, alerts and the console's reads (issue 28). */
export function createQoe(platform: Platform, needs: QoeNeeds): Qoe {
  const repo = new QoeRepository(platform.db);
  const ingest = new QoeIngest(platform, repo, needs.countryOf);
  const reports = new QoeReports(platform.clock, repo, needs.itemNames);
  const alerts = new QoeAlertsService(platform, repo, needs);
  const pages = new QoeConsole(repo, reports, alerts, needs.itemNames);
  const speedRepo = new SpeedTestsRepository(platform.db);
  const speed = new SpeedTests(platform.clock, speedRepo);
  const demo = platform.config.qoeDemo ? new QoeDemo(platform, repo, platform.config.qoeDemo) : null;
  let lastRetention = 0;

  // Under the advisory lock: one process of a cluster does each round.
  const runScheduled = () =>
    platform.db.exclusive(WORK_LOCK, async () => {
      await demo?.audience();
      const now = platform.clock.now();
      const from = minuteOf(now) - ROLLUP_REACH_MS;
      const started = await repo.viewsStartedBetween(from, now + 1);
      const active = await repo.viewsActiveBetween(from, now + 1);
      await repo.replaceAggregates(
        from,
        minuteRows(started),
        concurrencyRows(active, from, now + 1),
        minuteFacetRows(started),
      );
      await repo.advanceItemWindow(now);
      await alerts.evaluate();
      if (now - lastRetention >= 60 * MINUTE_MS) {
        lastRetention = now;
        await repo.forget(now - platform.config.qoeRawDays * DAY_MS, now - AGGREGATE_DAYS * DAY_MS);
        await speedRepo.forget(now - platform.config.qoeRawDays * DAY_MS);
      }
    });

  return {
    flush: () => ingest.flush(),
    runScheduled,
    speedTestData: { export: (userId) => speed.latestOf(userId, 1000), erase: (userId) => speedRepo.eraseOf(userId) },
    seedDemo: (channels) =>
      demo ? platform.db.exclusive(WORK_LOCK, () => demo.seedHistory(channels)) : Promise.resolve(0),
    personalData: { export: (userId) => repo.viewsOf(userId), erase: (userId) => repo.eraseViewsOf(userId) },
    module: {
      name: 'qoe',
      migrations: qoeMigrations,
      routes: async (app) => {
        await qoeRoutes(app, needs.auth, ingest, reports, alerts);
        await qoeConsoleRoutes(app, needs.auth, pages);
        await speedTestRoutes(app, needs.auth, speed);
      },
      startWork: () => {
        const round = () =>
          runScheduled().catch((error: unknown) => platform.log.warn({ err: error }, 'QoE rollup failed'));
        const timer = setInterval(() => void round(), MINUTE_MS);
        timer.unref();
        return async () => {
          clearInterval(timer);
          await ingest.flush();
        };
      },
    },
  };
}
