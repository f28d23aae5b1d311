import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { PlaybackTables, StreamSessionRow } from './tables';

/** SQL of the user's stream sessions for the data export and the account's deletion (issue 26). */
export class PlaybackDataRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PlaybackTables> {
    return this.db.kysely<PlaybackTables>();
  }

  sessions(userId: number): Promise<StreamSessionRow[]> {
    return this.k.selectFrom('streamSessions').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();
  }

  /** Removes the account's stream and DRM sessions (closed first by the caller). */
  async erase(userId: number): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx.deleteFrom('drmSessions').where('userId', '=', userId).execute();
      await trx.deleteFrom('streamSessions').where('userId', '=', userId).execute();
    });
  }
}
