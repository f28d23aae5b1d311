import type { Generated, Kysely, Selectable, Transaction } from 'kysely';

/**
 * The operators' audit trail (issue 27). Every operator mutation writes one row in the same
 * transaction as its change, so a change without its row cannot exist. Rows are never
 * updated or deleted, and carry no foreign key: they outlive the account they name.
 */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actorId: number | null;
  actorEmail: string;
  ip: string;
  /** '<area>.<verb>', e.g. 'channel.update', 'role.grant', 'purchase.refund'. */
  action: string;
  subjectType: string;
  subjectId: string;
  /** JSON of the values before and after (null for a creation or a deletion). */
  before: string | null;
  after: string | null;
}
export type AuditLogRow = Selectable<AuditLogTable>;
export interface AuditTables {
  auditLog: AuditLogTable;
}

/** Who acts at the console: the operator's account and the address the request came from. */
export interface Actor {
  userId: number;
  email: string;
  ip: string;
}

/** One change as the trail records it. */
export interface AuditChange {
  action: string;
  subjectType: string;
  subjectId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes the audit row of `change` inside `trx` (a transaction of the module making the
 * change, or its Kysely when the change is one statement run in the same call).
 */
export async function recordAudit<DB>(
  trx: Kysely<DB> | Transaction<DB>,
  actor: Actor,
  at: number,
  change: AuditChange,
): Promise<void> {
  const k = trx as unknown as Kysely<AuditTables>;
  await k
    .insertInto('auditLog')
    .values({
      at,
      actorId: actor.userId,
      actorEmail: actor.email,
      ip: actor.ip,
      action: change.action,
      subjectType: change.subjectType,
      subjectId: String(change.subjectId),
      before: change.before === undefined || change.before === null ? null : JSON.stringify(change.before),
      after: change.after === undefined || change.after === null ? null : JSON.stringify(change.after),
    })
    .execute();
}
