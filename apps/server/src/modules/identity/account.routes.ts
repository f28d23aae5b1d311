import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSchema, serviceLocatorQuerySchema, serviceLocatorSchema, timeSchema } from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { AccountService } from './account.service';
import type { Authenticator } from './auth.http';

/** Account (signed in; profiles are in profiles.routes), server time and the service locator (public). */
export async function accountRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  auth: Authenticator,
): Promise<void> {
  const { requireUser } = auth;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/account',
    {
      onRequest: requireUser,
      schema: {
        tags: ['identity'],
        summary: 'The user’s account: region, email, whether a PIN is set',
        response: { 200: accountSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { resources: [await accounts.account(auth.userOf(request).userId)] };
    },
  );

  for (const url of ['/time', '/aaservice/gettime']) {
    r.get(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['identity'],
          summary: 'Server time: ISO date and epoch seconds',
          response: { 200: timeSchema },
        },
      },
      async (_request, reply) => {
        noStore(reply);
        return accounts.time();
      },
    );
  }

  r.get(
    '/locator',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Service locator: where each API lives',
        querystring: serviceLocatorQuerySchema,
        response: { 200: serviceLocatorSchema, ...errorResponses(400) },
      },
    },
    async () => accounts.locator(),
  );
}
