import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { manifestTestEventsSchema, manifestTestQuerySchema } from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { ManifestTestService } from './manifest-test.service';

/** GET /manifest-test/events: the operator's tool (/_test1234/); administrators only. */
export async function manifestTestRoutes(
  app: FastifyInstance,
  service: ManifestTestService,
  auth: Authenticator,
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/manifest-test/events',
    {
      onRequest: auth.requireAdmin,
      schema: {
        tags: ['catalogue'],
        summary: 'Eventos en catch-up para la prueba de manifiestos (solo administradores, ADMIN_EMAILS)',
        description: 'hours: only events that ended within the last hours. 403 for accounts not in ADMIN_EMAILS.',
        querystring: manifestTestQuerySchema,
        response: { 200: manifestTestEventsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { resources: await service.events(auth.userOf(request).email, request.query.hours) };
    },
  );
}
