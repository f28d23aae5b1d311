import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** Rows per page ("load more" asks for the next). */
export const AUDIT_PAGE = 50;

/** The search as the screen holds it: exact values, dates as epoch ms (from inclusive, to exclusive). */
export interface AuditFilters {
  actor?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  from?: number;
  to?: number;
}

/** GET /operator/audit: one page of the trail, newest first, after `cursor`. */
export function getAudit(filters: AuditFilters, cursor: string | null, signal?: AbortSignal) {
  return api.get('/operator/audit', {
    schema: auditPageSchema,
    signal,
    query: { ...filters, limit: AUDIT_PAGE, cursor: cursor ?? undefined },
  });
}

/** The trail under `filters`, a page at a time. */
export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['operator', 'audit', filters],
      queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
