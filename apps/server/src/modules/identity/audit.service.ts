import type { AuditEntry, AuditPage, AuditQuery } from '@pantalla/contracts';
import type { AuditLogRow } from '../../platform/audit.repository';
import { badRequest } from '../../platform/errors';
import type { AuditPosition, AuditRepository } from './audit.repository';

export const BAD_AUDIT_CURSOR = 'La posición de la página no es válida.';

/** The cursor of a page: where it ended, "<at>.<id>" (opaque to the app). */
const cursorOf = (row: AuditLogRow) => `${row.at}.${row.id}`;

function positionOf(cursor: string | undefined): AuditPosition | null {
  if (cursor === undefined) return null;
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(cursor);
  if (!match) throw badRequest(BAD_AUDIT_CURSOR);
  return { at: Number(match[1]), id: Number(match[2]) };
}

/** A stored before/after value; a row written by hand with broken JSON is shown as its text. */
function valueOf(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

function entryOf(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: Number(row.at),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    ip: row.ip,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    before: valueOf(row.before),
    after: valueOf(row.after),
  };
}

/** The console's search of the audit trail: exact filters, newest first, a page at a time. */
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async search(query: AuditQuery): Promise<AuditPage> {
    const filter = {
      ...(query.actor ? { actorEmail: query.actor } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.subjectType ? { subjectType: query.subjectType } : {}),
      ...(query.subjectId ? { subjectId: query.subjectId } : {}),
      ...(query.from !== undefined ? { from: query.from } : {}),
      ...(query.to !== undefined ? { to: query.to } : {}),
    };
    const rows = await this.repository.search(filter, positionOf(query.cursor), query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return { items: page.map(entryOf), nextCursor: rows.length > query.limit && last ? cursorOf(last) : null };
  }
}
