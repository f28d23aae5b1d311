import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { PlaybackTables } from './tables';

/** A device the account played on, named from its streams' User-Agent. */
export interface DeviceRow {
  device: string;
  lastSeenAt: number;
  streams: number;
}

/** SQL of the devices on the console's subscriber page (issue 27). */
export class SubscriberDevicesRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PlaybackTables> {
    return this.db.kysely<PlaybackTables>();
  }

  /** The account's devices by their last stream, newest first ('' when the device said nothing known). */
  async devicesOf(userId: number, limit: number): Promise<DeviceRow[]> {
    const rows = await this.k
      .selectFrom('streamSessions')
      .select((eb) => ['deviceName', eb.fn.max('createdAt').as('lastSeenAt'), eb.fn.countAll().as('streams')])
      .where('userId', '=', userId)
      .groupBy('deviceName')
      .orderBy('lastSeenAt', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      device: row.deviceName ?? '',
      lastSeenAt: Number(row.lastSeenAt),
      streams: Number(row.streams),
    }));
  }
}
