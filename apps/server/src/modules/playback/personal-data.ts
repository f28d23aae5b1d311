import type { PersonalDataHolder } from '../identity';
import type { PlaybackDataRepository } from './personal-data.repository';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Playback's part of the user's data: the stream sessions (what, when, which device). */
export function playbackPersonalData(
  repo: PlaybackDataRepository,
  closeAll: (userId: number) => Promise<void>,
): PersonalDataHolder {
  return {
    async export(userId) {
      const rows = await repo.sessions(userId);
      return {
        streamSessions: rows.map((s) => ({
          kind: s.kind,
          contentId: s.contentId,
          serviceName: s.serviceName,
          device: s.deviceName,
          openedAt: iso(s.createdAt),
          lastHeartbeatAt: iso(s.lastHeartbeatAt),
          closedAt: iso(s.closedAt),
          closedReason: s.closedReason,
        })),
      };
    },
    async erase(userId) {
      await closeAll(userId);
      await repo.erase(userId);
    },
  };
}
