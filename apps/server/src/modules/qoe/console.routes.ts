import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  qoeItemParamsSchema,
  qoeItemQuerySchema,
  qoeItemReportSchema,
  qoeSubscriberParamsSchema,
  qoeViewPageSchema,
  qoeViewParamsSchema,
  qoeViewRecordSchema,
  qoeViewsQuerySchema,
} from '@pantalla/contracts';
import { notFound } from '../../platform/errors';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { QoeConsole } from './console.service';

const tags = ['qoe'];

/** The console's read-only pages of one channel or title, and the views of an account (admin, support). */
export async function qoeConsoleRoutes(app: FastifyInstance, auth: Authenticator, pages: QoeConsole): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = auth.requireOperator(['support']);
  const errors = errorResponses(400, 401, 403);
  api.get(
    '/operator/qoe/items/:itemType/:itemId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Calidad de experiencia de un canal o título: cifras, series, desgloses y alertas',
        params: qoeItemParamsSchema,
        querystring: qoeItemQuerySchema,
        response: { 200: qoeItemReportSchema, ...errors },
      },
    },
    async (request) => pages.item(request.params, request.query.range),
  );
  api.get(
    '/operator/qoe/items/:itemType/:itemId/views',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Reproducciones recientes de un canal o título, de la más nueva a la más antigua',
        params: qoeItemParamsSchema,
        querystring: qoeViewsQuerySchema,
        response: { 200: qoeViewPageSchema, ...errors },
      },
    },
    async (request) => pages.views(request.params, request.query.cursor, request.query.limit),
  );
  api.get(
    '/operator/qoe/subscribers/:userId/views',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Reproducciones recientes de un abonado, de la más nueva a la más antigua',
        params: qoeSubscriberParamsSchema,
        querystring: qoeViewsQuerySchema,
        response: { 200: qoeViewPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Personal data: never kept by a shared cache.
      noStore(reply);
      return pages.views({ userId: request.params.userId }, request.query.cursor, request.query.limit);
    },
  );
  api.get(
    '/operator/qoe/views/:viewId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Una reproducción: su resumen, dispositivo y fallo',
        params: qoeViewParamsSchema,
        response: { 200: qoeViewRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const view = await pages.view(request.params.viewId);
      if (!view) throw notFound('No existe esa reproducción.');
      return view;
    },
  );
}
