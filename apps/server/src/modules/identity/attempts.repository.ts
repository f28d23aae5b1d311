import type { Db } from '../../platform/database';
import type { IdentityTables } from './tables';

/** SQL for the attempt log behind every rate limit (login, recovery, PIN). */
export class AttemptsRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  /** The key's attempts at or after `since` (epoch ms), oldest first. */
  async since(key: string, since: number): Promise<{ id: number; at: number }[]> {
    const rows = await this.k
      .selectFrom('loginAttempts')
      .select(['id', 'at'])
      .where('key', '=', key)
      .where('at', '>=', since)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, at: Number(r.at) }));
  }

  /** Records one attempt, answering its id, and forgets the key's attempts older than `forgetBefore`. */
  async record(key: string, at: number, forgetBefore: number): Promise<number> {
    await this.k.deleteFrom('loginAttempts').where('key', '=', key).where('at', '<', forgetBefore).execute();
    const row = await this.k.insertInto('loginAttempts').values({ key, at }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteIds(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.k.deleteFrom('loginAttempts').where('id', 'in', ids).execute();
  }

  /** Forgets every key that starts with `prefix` (substr, so no LIKE wildcard in an address counts). */
  async clearPrefix(prefix: string): Promise<void> {
    await this.k
      .deleteFrom('loginAttempts')
      .where((eb) => eb(eb.fn<string>('substr', ['key', eb.val(1), eb.val(prefix.length)]), '=', prefix))
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.k.deleteFrom('loginAttempts').where('key', '=', key).execute();
  }
}
