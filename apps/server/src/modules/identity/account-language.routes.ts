import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountLanguageSchema } from '@pantalla/contracts';
import { errorResponses } from '../../platform/http';
import { REFUSAL_LANGUAGES, type RefusalLanguage } from '../../platform/refusal-language';
import type { AccountService } from './account.service';
import type { Authenticator } from './auth.http';

/**
 * The language the app sends with every request (Accept-Language holding it alone), if it is one
 * of ours; undefined for anything else, so a client that says nothing changes nothing.
 */
export function appLanguageOf(header: string | string[] | undefined): RefusalLanguage | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return (REFUSAL_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as RefusalLanguage) : undefined;
}

/** PUT /account/language: the app records its language when the user switches it (sign-ins and refreshes record it too). */
export async function accountLanguageRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/account/language',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['identity'],
        summary: 'Record the app’s language for the account: billing mails are written in it',
        body: accountLanguageSchema,
        response: { 204: z.null().describe('Recorded'), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await accounts.setLanguage(auth.userOf(request).userId, request.body.language);
      return reply.code(204).send(null);
    },
  );
}
