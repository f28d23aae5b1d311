import { sql, type Kysely, type Transaction } from 'kysely';
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
  /** Invoices: the subscription they bill. */
  ownerId?: string | null;
}

type SandboxEvent = { id: string; type: string; payload: string };

/** One subscription's step of a renewal run: its compare-and-set write, and what goes with it only if that wins. */
export interface RenewalPlan {
  subscription: ObjectWrite;
  writes: ObjectWrite[];
  events: SandboxEvent[];
}

/** Rows per multi-row statement on PostgreSQL (8 parameters each, well under its 65,535). */
const CHUNK = 500;

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
  async apply(
    writes: readonly ObjectWrite[],
    events: readonly { id: string; type: string; payload: string }[],
    now: number,
  ): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      for (const w of writes) {
        if (w.version === null) {
          await trx
            .insertInto('sandboxObjects')
            .values({
              id: w.id,
              type: w.type,
              data: w.data,
              private: w.private,
              dueAt: w.dueAt,
              version: 0,
              createdAt: now,
              ownerId: w.ownerId ?? null,
            })
            .execute();
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
        await trx
          .insertInto('sandboxEvents')
          .values({
            id: e.id,
            type: e.type,
            payload: e.payload,
            createdAt: now,
            attempts: 0,
            nextAttemptAt: now,
            deliveredAt: null,
          })
          .execute();
      }
    });
  }

  /** Subscriptions due by `sandboxNow`, the longest due first (or the most recently due). */
  dueSubscriptions(sandboxNow: number, limit: number, newestFirst = false): Promise<SandboxObjectRow[]> {
    const order = newestFirst ? 'desc' : 'asc';
    return this.k
      .selectFrom('sandboxObjects')
      .selectAll()
      .where('dueAt', '<=', sandboxNow)
      .where('type', '=', 'subscription')
      .orderBy('dueAt', order)
      .orderBy('id', order)
      .limit(limit)
      .execute();
  }

  async findMany(ids: readonly string[]): Promise<Map<string, SandboxObjectRow>> {
    const found = new Map<string, SandboxObjectRow>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = await this.k
        .selectFrom('sandboxObjects')
        .selectAll()
        .where('id', 'in', unique.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) found.set(row.id, row);
    }
    return found;
  }

  /** A subscription's invoices, newest first. */
  invoicesOf(subscriptionId: string, limit: number): Promise<SandboxObjectRow[]> {
    return this.k
      .selectFrom('sandboxObjects')
      .selectAll()
      .where('ownerId', '=', subscriptionId)
      .where('type', '=', 'invoice')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Applies a renewal run's plans in one transaction: each subscription is compare-and-set
   * (all in one statement); only the plans whose subscription nobody changed since it was read
   * write their invoices and queue their events, so a second renewer charges nothing twice.
   * Returns how many plans were applied; throws ObjectChangedError when another object of a
   * winning plan changed (the whole run is then undone).
   */
  async applyRenewals(plans: readonly RenewalPlan[], now: number): Promise<number> {
    if (plans.length === 0) return 0;
    // One lock order for every renewer (by id), so two of them never wait on each other in a cycle.
    const sorted = [...plans].sort((a, b) => (a.subscription.id < b.subscription.id ? -1 : 1));
    return this.k.transaction().execute(async (trx) => {
      const won = new Set<string>();
      for (let i = 0; i < sorted.length; i += CHUNK) {
        const rows = sorted
          .slice(i, i + CHUNK)
          .map(({ subscription: w }) => sql`(${w.id}, ${w.data}, ${w.private}, ${w.dueAt}, ${w.version})`);
        const updated = await sql<{
          id: string;
        }>`with v (id, data, private, due_at, version) as (values ${sql.join(rows)})
          update sandbox_objects set data = v.data, private = v.private, due_at = cast(v.due_at as bigint), version = sandbox_objects.version + 1
          from v where sandbox_objects.id = v.id and sandbox_objects.version = cast(v.version as integer) returning sandbox_objects.id`.execute(
          trx,
        );
        for (const row of updated.rows) won.add(row.id);
      }
      const winners = sorted.filter((p) => won.has(p.subscription.id));
      const inserts: ObjectWrite[] = [];
      for (const plan of winners) {
        for (const w of plan.writes) {
          if (w.version === null) inserts.push(w);
          else await this.compareAndSet(trx, w);
        }
      }
      await this.insertMany(
        trx,
        inserts,
        winners.flatMap((p) => p.events),
        now,
      );
      return winners.length;
    });
  }

  private async compareAndSet(trx: Transaction<SandboxTables>, w: ObjectWrite): Promise<void> {
    const result = await trx
      .updateTable('sandboxObjects')
      .set({ data: w.data, private: w.private, dueAt: w.dueAt, version: (w.version ?? 0) + 1 })
      .where('id', '=', w.id)
      .where('version', '=', w.version ?? 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new ObjectChangedError(w.id);
  }

  /** New objects and events, many at once: SQLite runs one prepared statement per row, PostgreSQL multi-row inserts. */
  async insertMany(
    trx: Transaction<SandboxTables>,
    objects: readonly ObjectWrite[],
    events: readonly SandboxEvent[],
    now: number,
  ): Promise<void> {
    const objectRows = objects.map((w) => ({
      id: w.id,
      type: w.type,
      data: w.data,
      private: w.private,
      dueAt: w.dueAt,
      version: 0,
      createdAt: now,
      ownerId: w.ownerId ?? null,
    }));
    const eventRows = events.map((e) => ({
      id: e.id,
      type: e.type,
      payload: e.payload,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
      deliveredAt: null,
    }));
    if (this.db.runMany) {
      this.db.runMany(
        'insert into sandbox_objects (id, type, data, private, due_at, version, created_at, owner_id) values (?, ?, ?, ?, ?, ?, ?, ?)',
        objectRows.map((r) => [r.id, r.type, r.data, r.private, r.dueAt, r.version, r.createdAt, r.ownerId]),
      );
      this.db.runMany(
        'insert into sandbox_events (id, type, payload, created_at, attempts, next_attempt_at, delivered_at) values (?, ?, ?, ?, ?, ?, ?)',
        eventRows.map((r) => [r.id, r.type, r.payload, r.createdAt, r.attempts, r.nextAttemptAt, r.deliveredAt]),
      );
      return;
    }
    for (let i = 0; i < objectRows.length; i += CHUNK)
      await trx
        .insertInto('sandboxObjects')
        .values(objectRows.slice(i, i + CHUNK))
        .execute();
    for (let i = 0; i < eventRows.length; i += CHUNK)
      await trx
        .insertInto('sandboxEvents')
        .values(eventRows.slice(i, i + CHUNK))
        .execute();
  }

  dueEvents(now: number, limit: number): Promise<SandboxEventRow[]> {
    return this.k
      .selectFrom('sandboxEvents')
      .selectAll()
      .where('nextAttemptAt', '<=', now)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async delivered(id: string, attempts: number, now: number): Promise<void> {
    await this.k
      .updateTable('sandboxEvents')
      .set({ attempts, deliveredAt: now, nextAttemptAt: null })
      .where('id', '=', id)
      .execute();
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
    await this.k
      .insertInto('sandboxIdempotency')
      .values({ key, status, body, createdAt: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  async state(name: string): Promise<string | undefined> {
    return (await this.k.selectFrom('sandboxState').select('value').where('name', '=', name).executeTakeFirst())?.value;
  }

  async setState(name: string, value: string): Promise<void> {
    await this.k
      .insertInto('sandboxState')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  }
}
