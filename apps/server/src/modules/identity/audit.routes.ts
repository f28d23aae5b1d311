import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from './auth.http';
import type { AuditService } from './audit.service';

/** GET /operator/audit: the audit trail's search (admin only; the trail itself is never edited). */
export async function auditRoutes(app: FastifyInstance, audit: AuditService, auth: Authenticator): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/operator/audit',
    {
      onRequest: auth.requireOperator(['admin']),
      schema: {
        tags: ['operator'],
        summary: 'Search the audit trail: by actor e-mail, action, subject and dates; newest first, a page at a time',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return audit.search(request.query);
    },
  );
}
