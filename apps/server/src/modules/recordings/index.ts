import type { Platform, ServerModule } from '../../platform/module';
import type { PlayableChannel, Playables, RecordableGuide } from '../catalogue';
import type { AccessRights } from '../commerce';
import type { Authenticator, PersonalDataHolder, ProfileResolver } from '../identity';
import { ChannelRightsService } from './channel-rights.service';
import { recordingsMigrations } from './migrations';
import type { PushDestinations } from './push-destination';
import { PushRepository } from './push.repository';
import { PushService } from './push.service';
import { RecordingsRepository } from './recordings.repository';
import { pushRoutes, recordingRoutes } from './recordings.routes';
import { RecordingsService, type RecordedProgramme } from './recordings.service';
import { RemindersRepository } from './reminders.repository';
import { RemindersService, type MailUser } from './reminders.service';
import { RulesRepository } from './rules.repository';
import { RulesService, type EvaluationResult } from './rules.service';
import { MINUTE_MS } from './timing';
import { loadVapidKeys } from './vapid';

export type { EvaluationResult } from './rules.service';
export type { RecordedProgramme } from './recordings.service';
export type { PushDestinations } from './push-destination';
export { pushAllowedHosts } from './push-destination';

/** What recordings need of other modules. */
export interface RecordingsNeeds {
  auth: Authenticator;
  guide: RecordableGuide;
  playables: Pick<Playables, 'channel' | 'event'>;
  rights: AccessRights;
  mailUser: MailUser;
  /** The profile a request acts for (a device's push subscription is its profile's). */
  profiles: ProfileResolver;
  /** The private-address guard pushes go through (ingest's DestinationPolicy, see pushAllowedHosts). */
  pushDestinations: PushDestinations;
}

/** Recordings as the application sees it. */
export interface Recordings {
  module: ServerModule;
  /** Evaluates every series rule against the guide, once across the cluster (after an import, on a schedule, tests). */
  evaluateRules(): Promise<EvaluationResult>;
  /** A guide import ended: rules are evaluated in the background, once more at most if one is running. */
  guideChanged(): void;
  /** One round of the scheduled work at the clock's now: finished and expired recordings, reminder mails and pushes. */
  runScheduled(): Promise<void>;
  /** A recording as playback and the origin play it: undefined once deleted or expired (issue 29). */
  recorded(recordingId: number): Promise<RecordedProgramme | undefined>;
  /** The account's recordings, rules, reminders (every profile's) and push devices for the data export; erased with the account. */
  personalData: PersonalDataHolder;
}

const RULES_LOCK = 'recordings.rules';
const WORK_LOCK = 'recordings.work';
/** Rules are evaluated after every import and at least this often (the guide's edges move with the clock). */
const RULES_EVERY_MS = 15 * MINUTE_MS;

/** Recordings from the catch-up archive, series rules and reminders (issue 29). */
export function createRecordings(platform: Platform, needs: RecordingsNeeds): Recordings {
  const { clock, config, db } = platform;
  const repo = new RecordingsRepository(db);
  const reminderRepo = new RemindersRepository(db);
  const channel = (id: number): Promise<PlayableChannel | undefined> => needs.playables.channel(id);
  const sources = {
    guide: needs.guide,
    channel,
    eventPackage: async (eventId: number) => (await needs.playables.event(eventId))?.packageId,
    rights: needs.rights,
    // A rule's profile, as a request's would resolve it; a deleted one (403) files nothing.
    profileKids: (userId: number, profileId: number) =>
      needs.profiles.resolve(userId, profileId).then(
        (p) => (p.kind === 'kids' ? p.kidsMaxRating : null),
        () => undefined,
      ),
  };
  const recordings = new RecordingsService(clock, repo, sources, config.recordings);
  const rules = new RulesService(
    clock,
    new RulesRepository(db),
    repo,
    reminderRepo,
    recordings,
    sources,
    config.recordings,
  );
  const reminders = new RemindersService(clock, reminderRepo, needs.guide, channel, needs.mailUser);
  const rights = new ChannelRightsService(repo, clock, channel);
  const pushRepo = new PushRepository(db);
  const vapid = loadVapidKeys(config);
  if (!vapid) platform.log.info('Web Push not offered: WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY are not set');
  const push = new PushService(clock, pushRepo, vapid, config.env === 'production', needs.pushDestinations);
  needs.profiles.onDeleted(async (userId, profileId) => {
    // A deleted profile's recordings (and their media references), rules, reminders and devices go with it (issue 30).
    await repo.removeProfile({ userId, profileId });
    await pushRepo.removeProfile(userId, profileId);
  });

  // Under the advisory lock (PostgreSQL) or the lock file (SQLite): one process of a cluster evaluates at a time.
  const evaluateRules = () => db.exclusive(RULES_LOCK, () => rules.evaluate());
  const runScheduled = () =>
    db.exclusive(WORK_LOCK, async () => {
      await recordings.housekeeping();
      await reminders.mailDue();
      await push.pushDue();
    });

  let running: Promise<unknown> | null = null;
  let again = false;
  const guideChanged = () => {
    if (running) {
      again = true;
      return;
    }
    running = evaluateRules()
      .catch((error: unknown) => platform.log.warn({ err: error }, 'series rules failed after a guide import'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          guideChanged();
        }
      });
  };

  return {
    evaluateRules,
    guideChanged,
    runScheduled,
    recorded: (recordingId) => recordings.recorded(recordingId),
    personalData: {
      export: async (userId) => ({ ...(await repo.exportOf(userId)), pushDevices: await pushRepo.exportOf(userId) }),
      erase: async (userId) => {
        await repo.eraseOf(userId);
        await pushRepo.eraseOf(userId);
      },
    },
    module: {
      name: 'recordings',
      migrations: recordingsMigrations,
      routes: async (app) => {
        await recordingRoutes(app, needs.auth, needs.profiles, { recordings, rules, reminders, rights });
        pushRoutes(app, needs.auth, needs.profiles, push);
      },
      startWork: () => {
        let lastRules = 0;
        const round = async () => {
          await runScheduled();
          if (clock.now() - lastRules >= RULES_EVERY_MS) {
            lastRules = clock.now();
            await evaluateRules();
          }
        };
        const timer = setInterval(
          () => void round().catch((error: unknown) => platform.log.warn({ err: error }, 'recordings round failed')),
          MINUTE_MS,
        );
        timer.unref();
        return async () => {
          clearInterval(timer);
          await running;
        };
      },
    },
  };
}
