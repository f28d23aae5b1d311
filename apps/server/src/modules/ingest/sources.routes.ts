import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ingestRunListSchema,
  ingestRunSchema,
  ingestSourceListSchema,
  ingestSourceParamsSchema,
  ingestSourceSchema,
  newIngestSourceSchema,
} from '@pantalla/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { errorResponses } from '../../platform/http';
import type { SourcesService } from './sources.service';

const NO_SOURCE = 'No existe esa fuente.';

/** The operator's scheduled sources: register, list, read their runs, run one now, remove. Admins only. */
export async function sourceRoutes(
  app: FastifyInstance,
  sources: SourcesService,
  requireAdmin: onRequestAsyncHookHandler,
): Promise<void> {
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    // JSON bodies are small: a URL, a kind, an interval.
    const common = { onRequest: requireAdmin, bodyLimit: 16 * 1024 } as const;
    api.post(
      '/admin/ingest/sources',
      {
        ...common,
        schema: {
          tags: ['ingest'],
          summary: 'Registra una guía o lista para descargarla periódicamente (administradores)',
          body: newIngestSourceSchema,
          response: { 201: ingestSourceSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const refusal = sources.refusal(request.body.url);
        if (refusal) throw badRequest(refusal);
        return reply.status(201).send(await sources.add(request.body));
      },
    );
    api.get(
      '/admin/ingest/sources',
      {
        ...common,
        schema: {
          tags: ['ingest'],
          summary: 'Fuentes programadas con su última ejecución (administradores)',
          response: { 200: ingestSourceListSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ sources: await sources.list() }),
    );
    api.get(
      '/admin/ingest/sources/:id/runs',
      {
        ...common,
        schema: {
          tags: ['ingest'],
          summary: 'Ejecuciones de una fuente, la última primero (administradores)',
          params: ingestSourceParamsSchema,
          response: { 200: ingestRunListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        if (!(await sources.find(request.params.id))) throw notFound(NO_SOURCE);
        return { runs: await sources.runs(request.params.id) };
      },
    );
    api.post(
      '/admin/ingest/sources/:id/run',
      {
        ...common,
        schema: {
          tags: ['ingest'],
          summary: 'Descarga e importa una fuente ahora (administradores)',
          params: ingestSourceParamsSchema,
          response: { 200: ingestRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const run = await sources.runNow(request.params.id);
        if (run === undefined) throw notFound(NO_SOURCE);
        if (run === 'busy') throw conflict('Esta fuente ya se está importando.');
        return run;
      },
    );
    api.delete(
      '/admin/ingest/sources/:id',
      {
        ...common,
        schema: {
          tags: ['ingest'],
          summary: 'Retira una fuente programada (administradores)',
          params: ingestSourceParamsSchema,
          response: { 204: z.null().describe('Retirada'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        if (!(await sources.remove(request.params.id))) throw notFound(NO_SOURCE);
        return reply.code(204).send(null);
      },
    );
  });
}
