import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QOE_BEACON_MAX_BYTES,
  qoeAlertsQuerySchema,
  qoeAlertsSchema,
  qoeBeaconSchema,
  qoeBreakdownQuerySchema,
  qoeBreakdownSchema,
  qoeOverviewQuerySchema,
  qoeOverviewSchema,
  qoeThresholdsSchema,
} from '@pantalla/contracts';
import { errorResponses } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { QoeAlertsService } from './alerts.service';
import type { QoeIngest } from './ingest.service';
import type { QoeReports } from './report.service';

const tags = ['qoe'];

/** The players' beacons and the console's QoE reads and thresholds. */
export async function qoeRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  ingest: QoeIngest,
  reports: QoeReports,
  alerts: QoeAlertsService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/qoe/beacons',
    {
      onRequest: auth.requireUser,
      // A beacon is 4 KB at most (the player packs them so): anything larger is refused with 413 unread.
      bodyLimit: QOE_BEACON_MAX_BYTES,
      schema: {
        tags,
        summary: 'Informe de calidad de reproducción del reproductor (vistas resumidas)',
        body: qoeBeaconSchema,
        response: { 202: z.null(), ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request, reply) => {
      await ingest.accept(auth.userOf(request).userId, request.body);
      return reply.status(202).send(null);
    },
  );

  const read = auth.requireOperator(['support']);
  const errors = errorResponses(400, 401, 403);
  api.get(
    '/operator/qoe/overview',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Calidad de experiencia: resumen y series del periodo',
        querystring: qoeOverviewQuerySchema,
        response: { 200: qoeOverviewSchema, ...errors },
      },
    },
    async (request) => reports.overview(request.query.range),
  );
  api.get(
    '/operator/qoe/breakdown',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Calidad de experiencia por canal, título, dispositivo, navegador, región o código de error',
        querystring: qoeBreakdownQuerySchema,
        response: { 200: qoeBreakdownSchema, ...errors },
      },
    },
    async (request) => reports.breakdown(request.query.by, request.query.range, request.query.limit),
  );
  api.get(
    '/operator/qoe/alerts',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Alertas de calidad (abiertas o todas) y los umbrales',
        querystring: qoeAlertsQuerySchema,
        response: { 200: qoeAlertsSchema, ...errors },
      },
    },
    async (request) => alerts.list(request.query.state === 'open', request.query.limit),
  );
  api.put(
    '/operator/qoe/thresholds',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Fijar los umbrales de las alertas de calidad',
        body: qoeThresholdsSchema,
        response: { 200: qoeThresholdsSchema, ...errors },
      },
    },
    async (request) => alerts.setThresholds(auth.operatorOf(request).actor, request.body),
  );
}
