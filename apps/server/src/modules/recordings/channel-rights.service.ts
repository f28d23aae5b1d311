import type { ChannelRecordingRights } from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import { recordAudit } from '../../platform/audit.repository';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import type { PlayableChannel } from '../catalogue';
import type { RecordingsRepository } from './recordings.repository';

/** The operator's recording rights per channel (issue 29), audited. */
export class ChannelRightsService {
  constructor(
    private readonly repo: RecordingsRepository,
    private readonly clock: Clock,
    private readonly channel: (id: number) => Promise<PlayableChannel | undefined>,
  ) {}

  async get(channelId: number): Promise<ChannelRecordingRights> {
    if (!(await this.channel(channelId))) throw notFound('Canal no encontrado.');
    const row = await this.repo.channelRights(channelId);
    return { recordable: (row?.recordable ?? 1) === 1, skipAhead: (row?.skipAhead ?? 1) === 1 };
  }

  async set(channelId: number, rights: ChannelRecordingRights, actor: Actor): Promise<ChannelRecordingRights> {
    const before = await this.get(channelId);
    const now = this.clock.now();
    const values = { recordable: rights.recordable ? 1 : 0, skipAhead: rights.skipAhead ? 1 : 0, updatedAt: now };
    await this.repo.setChannelRights(channelId, values, (trx) =>
      recordAudit(trx, actor, now, {
        action: 'channel.recording-rights',
        subjectType: 'channel',
        subjectId: channelId,
        before,
        after: rights,
      }),
    );
    return rights;
  }
}
