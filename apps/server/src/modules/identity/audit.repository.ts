import type { Db } from '../../platform/database';
import type { AuditLogRow } from '../../platform/audit.repository';
import type { IdentityTables } from './tables';

/** What the audit search filters on; every filter is exact, so an index serves it. */
export interface AuditFilter {
  actorEmail?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  from?: number;
  to?: number;
}

/** Where the previous page ended: newest first, by (at, id). */
export interface AuditPosition {
  at: number;
  id: number;
}

/**
 * Reads the audit trail (written by each module's repository through recordAudit). Only
 * reads: the table refuses UPDATE and DELETE (its triggers, migration 2026-12-07-0200).
 */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  /** Rows matching `filter`, newest first, after `position`; indexes: (actor_email, at), (action, at), (subject_type, subject_id, at), (at). */
  search(filter: AuditFilter, position: AuditPosition | null, limit: number): Promise<AuditLogRow[]> {
    return this.searchQuery(filter, position, limit).execute();
  }

  /** The search's statement (the audit suite reads its plan). */
  searchQuery(filter: AuditFilter, position: AuditPosition | null, limit: number) {
    let query = this.k.selectFrom('auditLog').selectAll();
    if (filter.actorEmail !== undefined) query = query.where('actorEmail', '=', filter.actorEmail);
    if (filter.action !== undefined) query = query.where('action', '=', filter.action);
    if (filter.subjectType !== undefined) query = query.where('subjectType', '=', filter.subjectType);
    if (filter.subjectId !== undefined) query = query.where('subjectId', '=', filter.subjectId);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('at', '<', filter.to);
    if (position) {
      const { at, id } = position;
      query = query.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
    }
    return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit);
  }
}
