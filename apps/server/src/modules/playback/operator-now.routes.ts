import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { operatorNowQuerySchema, operatorNowSchema } from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { OperatorNowService } from './operator-now.service';

/** The console's Now view (issue 27): open streams in total and per channel, for admins and support. */
export function operatorNowRoutes(app: FastifyInstance, service: OperatorNowService, auth: Authenticator): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/operator/streams/now',
    {
      onRequest: auth.requireOperator(['support']),
      schema: {
        tags: ['operator'],
        summary: 'Open streams now: totals, and live channels by open streams (heaviest first)',
        querystring: operatorNowQuerySchema,
        response: { 200: operatorNowSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.page(request.query.cursor, request.query.limit);
    },
  );
}
