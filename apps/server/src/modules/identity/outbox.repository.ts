import type { Db } from '../../platform/database';
import type { OutboxRow, OutboxTable, IdentityTables } from './tables';
import type { Insertable } from 'kysely';

/** SQL for the development outbox, where mail lands when no SMTP server is configured. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(mail: Insertable<OutboxTable>): Promise<void> {
    await this.db.kysely<IdentityTables>().insertInto('outbox').values(mail).execute();
  }

  /** Newest first, optionally only mail to one address. */
  latest(limit: number, to?: string): Promise<OutboxRow[]> {
    let query = this.db.kysely<IdentityTables>().selectFrom('outbox').selectAll();
    if (to) query = query.where('to', '=', to.trim().toLowerCase());
    return query.orderBy('id', 'desc').limit(limit).execute();
  }
}
