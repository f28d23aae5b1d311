import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailListSchema, mailQuerySchema } from '@pantalla/contracts';
import { isLocalRequest } from '../../platform/access';
import { forbidden } from '../../platform/errors';
import { errorResponses } from '../../platform/http';
import type { Authenticator } from './auth.http';
import { renderMailbox, type DevMailService } from './dev-mail';

export const OUTBOX_REFUSED =
  'El correo saliente solo se lee desde el propio servidor o con la sesión de su destinatario.';

/**
 * Who may read which mail: anything from the server's own machine (socket address), only
 * their own mail for a signed-in recipient, nothing for anyone else. Answers the address the
 * reader is limited to, or null for the whole outbox.
 */
async function readerOf(request: FastifyRequest, reply: FastifyReply, auth: Authenticator): Promise<string | null> {
  if (isLocalRequest(request)) return null;
  if (!request.headers.authorization) throw forbidden(OUTBOX_REFUSED);
  await auth.requireUser.call(request.server, request, reply);
  return auth.userOf(request).email;
}

/** GET /dev/mail (page, this machine only) and /dev/mail.json; the caller leaves them out in production. */
export async function devMailRoutes(app: FastifyInstance, mailbox: DevMailService, auth: Authenticator): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/dev/mail',
    { config: { access: 'local' }, schema: { hide: true, querystring: mailQuerySchema } },
    async (request, reply) => {
      // A browser sends no bearer token to a page: only this machine reads it.
      if (!isLocalRequest(request)) throw forbidden(OUTBOX_REFUSED);
      const page = renderMailbox(await mailbox.latest(request.query.to));
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
        .send(page);
    },
  );

  r.get(
    '/dev/mail.json',
    {
      config: { access: 'local' },
      schema: {
        tags: ['development'],
        summary:
          'The development outbox, newest first: all of it from the server’s machine, the signed-in user’s own mail otherwise (not served in production)',
        querystring: mailQuerySchema,
        response: { 200: mailListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const reader = await readerOf(request, reply, auth);
      if (reader === null) return mailbox.latest(request.query.to);
      const asked = request.query.to?.trim().toLowerCase();
      if (asked !== undefined && asked !== reader) return [];
      return mailbox.latest(reader);
    },
  );
}
