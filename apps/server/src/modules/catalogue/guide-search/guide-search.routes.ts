import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { guideSearchQuerySchema, guideSearchResponseSchema } from '@pantalla/contracts';
import { errorResponses, noStore } from '../../../platform/http';
import { profileHeaderOf, type Authenticator, type ProfileResolver } from '../../identity';
import type { GuideSearchService } from './guide-search.service';

/** GET /guide/search: programmes by title across the whole guide, for the profile the header names. */
export function guideSearchRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  profiles: ProfileResolver,
  search: GuideSearchService,
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/guide/search',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['catalogue'],
        summary: 'Buscar programas en toda la guía (ahora, más tarde y a la carta), admitiendo erratas',
        querystring: guideSearchQuerySchema,
        response: { 200: guideSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { userId, signIn } = auth.userOf(request);
      // Without a token, the profile this sign-in last chose (a kids device stays a kids one).
      const profile = await profiles.resolve(userId, profileHeaderOf(request), signIn);
      return search.search(userId, profile, request.query);
    },
  );
  return Promise.resolve();
}
