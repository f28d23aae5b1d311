import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailListSchema, mailQuerySchema } from '@pantalla/contracts';
import { errorResponses } from '../../platform/http';
import { renderMailbox, type DevMailService } from './dev-mail';

/** GET /dev/mail (page) and /dev/mail.json; the caller leaves them out in production. */
export async function devMailRoutes(app: FastifyInstance, mailbox: DevMailService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/dev/mail', { schema: { hide: true, querystring: mailQuerySchema } }, async (request, reply) => {
    const page = renderMailbox(await mailbox.latest(request.query.to));
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(page);
  });

  r.get(
    '/dev/mail.json',
    {
      schema: {
        tags: ['development'],
        summary: 'The development outbox, newest first (not served in production)',
        querystring: mailQuerySchema,
        response: { 200: mailListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return mailbox.latest(request.query.to);
    },
  );
}
