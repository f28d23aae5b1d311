import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { SandboxEventRow, SandboxObjectRow, SandboxTables } from './tables';

/** A change to one object: new when `version` is null, else only if nobody changed it since `version`. */
export interface ObjectWrite {
  id: string;
  type: string;
  data: string;
  private: string | null;
  dueAt: number | null;
  version: number | null;
}

/** Thrown when an object changed under a compare-and-set: the caller answers like Stripe's lock error. */
export class ObjectChangedError extends Error {
  constructor(id: string) {
    super(`${id} changed meanwhile`);
    this.name = 'ObjectChangedError';
  }
}

/** All SQL of the payment sandbox. */
export class SandboxRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<SandboxTables> {
    return this.db.kysely<SandboxTables>();
  }

  find(id: string): Promise<SandboxObjectRow | undefined> {
    return this.k.selectFrom('sandboxObjects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Writes objects and queues events in one transaction, so an answer's effects and its events go together. */
  async apply(writes: readonly ObjectWrite[], events: readonly { id: string; type: string; payload: string }[], now: number): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      for (const w of writes) {
        if (w.version === null) {
          await trx.insertInto('sandboxObjects').values({ id: w.id, type: w.type, data: w.data, private: w.private, dueAt: w.dueAt, version: 0, createdAt: now }).execute();
          continue;
        }
        const result = await trx
          .updateTable('sandboxObjects')
          .set({ data: w.data, private: w.private, dueAt: w.dueAt, version: w.version + 1 })
          .where('id', '=', w.id)
          .where('version', '=', w.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new ObjectChangedError(w.id);
      }
      for (const e of events) {
        await trx.insertInto('sandboxEvents').values({ id: e.id, type: e.type, payload: e.payload, createdAt: now, attempts: 0, nextAttemptAt: now, deliveredAt: null }).execute();
      }
    });
  }

  dueSubscriptions(sandboxNow: number): Promise<SandboxObjectRow[]> {
    return this.k.selectFrom('sandboxObjects').selectAll().where('type', '=', 'subscription').where('dueAt', '<=', sandboxNow).orderBy('dueAt').limit(100).execute();
  }

  dueEvents(now: number, limit: number): Promise<SandboxEventRow[]> {
    return this.k.selectFrom('sandboxEvents').selectAll().where('nextAttemptAt', '<=', now).orderBy('createdAt').orderBy('id').limit(limit).execute();
  }

  async delivered(id: string, attempts: number, now: number): Promise<void> {
    await this.k.updateTable('sandboxEvents').set({ attempts, deliveredAt: now, nextAttemptAt: null }).where('id', '=', id).execute();
  }

  async retryLater(id: string, attempts: number, nextAttemptAt: number | null): Promise<void> {
    await this.k.updateTable('sandboxEvents').set({ attempts, nextAttemptAt }).where('id', '=', id).execute();
  }

  findEvent(id: string): Promise<SandboxEventRow | undefined> {
    return this.k.selectFrom('sandboxEvents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  idempotent(key: string): Promise<{ status: number; body: string } | undefined> {
    return this.k.selectFrom('sandboxIdempotency').select(['status', 'body']).where('key', '=', key).executeTakeFirst();
  }

  async remember(key: string, status: number, body: string, now: number): Promise<void> {
    await this.k.insertInto('sandboxIdempotency').values({ key, status, body, createdAt: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
  }

  async state(name: string): Promise<string | undefined> {
    return (await this.k.selectFrom('sandboxState').select('value').where('name', '=', name).executeTakeFirst())?.value;
  }

  async setState(name: string, value: string): Promise<void> {
    await this.k.insertInto('sandboxState').values({ name, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
  }
}
