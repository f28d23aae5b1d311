import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDeletionSchema } from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { AccountDataService } from './account-data.service';
import type { Authenticator } from './auth.http';

/** GET /account/export (the user's data as a JSON file) and POST /account/delete (issue 26). */
export async function accountDataRoutes(
  app: FastifyInstance,
  data: AccountDataService,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/account/export',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['identity'],
        summary: 'Download every datum kept about the user, as a JSON file',
        description:
          'Account, profiles and sign-ins, then each module’s part (purchases, keep-watching positions, stream sessions); answered as an attachment.',
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const body = await data.export(auth.userOf(request).userId);
      noStore(reply);
      reply.header('content-disposition', 'attachment; filename="pantalla-datos.json"');
      return body;
    },
  );

  r.post(
    '/account/delete',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['identity'],
        summary: 'Delete the account (its password again)',
        description:
          'Cancels its subscriptions with the provider, erases or anonymises every personal datum (purchases are kept, anonymised, for accounting) and signs it out everywhere; its address can no longer sign in. 400 wrong password (data.wrong password), 429 too many wrong passwords.',
        body: accountDeletionSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await data.delete(auth.userOf(request).userId, request.body.password);
      return reply.code(204).send(null);
    },
  );
}
