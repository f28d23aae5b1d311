import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ingestFormatSchema, ingestReportSchema } from '@pantalla/contracts';
import { badRequest, forbidden } from '../../platform/errors';
import { errorResponses } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { IngestService } from './ingest.service';
import { IngestError } from './parsers/errors';

/** Guides are large: 64 MB per upload (gzip makes most much smaller). */
const BODY_LIMIT = 64 * 1024 * 1024;

/** POST /admin/ingest/{xmltv|m3u}: the file as the body (text, XML or gzip). Admins only. */
export async function ingestRoutes(app: FastifyInstance, service: IngestService, auth: Authenticator, adminEmails: readonly string[]): Promise<void> {
  await app.register(async (scope) => {
    // Any content type arrives as raw bytes here, so XML, M3U and gzip need no special client.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(
      '/admin/ingest/:format',
      {
        bodyLimit: BODY_LIMIT,
        preHandler: async (request, reply) => {
          await auth.requireUser.call(scope, request, reply);
          if (!adminEmails.includes(auth.userOf(request).email.toLowerCase())) throw forbidden('Solo un administrador puede importar datos.');
        },
        schema: {
          tags: ['ingest'],
          summary: 'Importa una guía XMLTV o una lista M3U (administradores)',
          params: z.object({ format: ingestFormatSchema }),
          response: { 200: ingestReportSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Envía el archivo en el cuerpo de la petición.');
        try {
          return await service.import(request.params.format, body);
        } catch (error) {
          if (error instanceof IngestError) throw badRequest(`No se ha importado nada. ${error.message}`);
          throw error;
        }
      },
    );
  });
}
