import type { OpenStream } from '@pantalla/contracts';
import type { Platform, ServerModule } from '../../platform/module';
import type { Actor } from '../../platform/audit.repository';
import type { Authenticator, PersonalDataHolder } from '../identity';
import { playbackPersonalData } from './personal-data';
import { PlaybackDataRepository } from './personal-data.repository';
import type { ContentKeys, StreamGate } from '../origin';
import { LicenceService } from './licence.service';
import { playbackMigrations } from './migrations';
import { playbackRoutes } from './playback.routes';
import { OperatorNowRepository } from './operator-now.repository';
import { operatorNowRoutes } from './operator-now.routes';
import { OperatorNowService } from './operator-now.service';
import { SessionsRepository } from './sessions.repository';
import { SubscriberDevicesRepository, type DeviceRow } from './subscriber-devices.repository';
import type { PlaybackNeeds } from './session-rules';
import { SessionsService } from './sessions.service';
import { StreamAuthorisation } from './stream-authorisation';
import { StreamSigning } from './stream-signing';

/** What playback needs of other modules. */
export interface PlaybackModuleNeeds extends PlaybackNeeds {
  auth: Authenticator;
  keys: ContentKeys;
}

/** Playback as the application sees it: its routes, and the origin's rights question. */
export interface Playback {
  module: ServerModule;
  /** The origin's question for every manifest (open session, rights now) and every signed segment (open session). */
  gate: StreamGate;
  /** Closes every stream session of an account whose sign-ins all ended (password changed, signed out everywhere). */
  closeAccountStreams(userId: number): Promise<void>;
  /** An operator closes one open stream of the account, or all (`sessionId` null), audited; answers how many closed. */
  closeStreamsByOperator(userId: number, sessionId: string | null, actor: Actor): Promise<number>;
  /** The user's stream sessions for the data export; removed when the account is deleted (issue 26). */
  personalData: PersonalDataHolder;
  /** The console's subscriber page (issue 27): the account's open streams, and the devices it played on, newest first. */
  subscriberStreams: {
    openStreams(userId: number): Promise<OpenStream[]>;
    devices(userId: number, limit: number): Promise<DeviceRow[]>;
  };
}

/** Stream sessions with the account limit, heartbeats, positions, and the ClearKey licence server. */
export function createPlayback(platform: Platform, needs: PlaybackModuleNeeds): Playback {
  const repo = new SessionsRepository(platform.db);
  const access = new StreamAuthorisation(platform, repo, needs);
  const sessions = new SessionsService(
    platform.clock,
    repo,
    needs,
    access,
    new StreamSigning(platform.config, needs.urls),
  );
  const devices = new SubscriberDevicesRepository(platform.db);
  const licences = new LicenceService(platform.clock, repo, access, needs.keys);
  const now = new OperatorNowService(platform.clock, new OperatorNowRepository(platform.db), needs.playables);
  return {
    gate: {
      checkStream: (claims) => access.checkStream(claims),
      checkProgramme: (userId, eventId) => access.checkProgramme(userId, eventId),
      streamSessionOpen: (sessionId) => access.streamSessionOpen(sessionId),
      relayedStream: (sessionId, stream) => access.relayedStream(sessionId, stream),
    },
    subscriberStreams: {
      openStreams: (userId) => sessions.listOpen(userId),
      devices: (userId, limit) => devices.devicesOf(userId, limit),
    },
    closeAccountStreams: async (userId) => void (await sessions.reset(userId, 'signed-out')),
    closeStreamsByOperator: (userId, sessionId, actor) => sessions.closeByOperator(userId, sessionId, actor),
    personalData: playbackPersonalData(
      new PlaybackDataRepository(platform.db),
      async (userId) => void (await sessions.reset(userId, 'signed-out')),
    ),
    module: {
      name: 'playback',
      migrations: playbackMigrations,
      routes: async (app) => {
        await playbackRoutes(app, sessions, licences, needs.auth);
        operatorNowRoutes(app, now, needs.auth);
      },
    },
  };
}
