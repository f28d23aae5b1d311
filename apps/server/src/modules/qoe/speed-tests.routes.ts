import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONNDIAG_MAX_BYTES, connDiagQuerySchema, connDiagReportSchema, connDiagRunsSchema } from '@pantalla/contracts';
import { errorResponses } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { SpeedTests } from './speed-tests.service';

const tags = ['qoe'];

/** /conndiag/'s runs sent by the app, and support's read of an account's latest. */
export async function speedTestRoutes(app: FastifyInstance, auth: Authenticator, speed: SpeedTests): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/qoe/conndiag',
    {
      onRequest: auth.requireUser,
      bodyLimit: CONNDIAG_MAX_BYTES,
      schema: {
        tags,
        summary: 'Resultados de la prueba de velocidad de /conndiag/',
        body: connDiagReportSchema,
        response: { 202: z.null(), ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request, reply) => {
      await speed.accept(auth.userOf(request).userId, request.body);
      return reply.status(202).send(null);
    },
  );
  api.get(
    '/operator/qoe/speed-tests',
    {
      onRequest: auth.requireOperator(['support']),
      schema: {
        tags,
        summary: 'Últimas pruebas de velocidad de una cuenta (la más reciente primero)',
        querystring: connDiagQuerySchema,
        response: { 200: connDiagRunsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ items: await speed.latestOf(request.query.userId, request.query.limit) }),
  );
}
