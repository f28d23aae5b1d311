import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ingestFormatSchema, ingestReportSchema } from '@pantalla/contracts';
import { guard } from '../../platform/access';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { errorResponses } from '../../platform/http';
import type { Authenticator } from '../identity';
import { IngestTooLarge, type SizeLimits } from './byte-source';
import type { IngestService } from './ingest.service';
import { IngestError } from './parsers/errors';
import type { SourcesService } from './sources.service';
import { sourceRoutes } from './sources.routes';

/** What an admin route checks before anything else: a signed-in admin, or 401/403 at once. */
export function adminOnly(auth: Authenticator, adminEmails: readonly string[]) {
  return guard(
    'admin',
    async function requireAdmin(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await auth.requireUser.call(this, request, reply);
      if (!adminEmails.includes(auth.userOf(request).email.toLowerCase()))
        throw forbidden('Solo un administrador puede importar datos.');
    },
  );
}

/** An import that failed as a whole, as the HTTP answer says it. */
export function importFailure(error: unknown): unknown {
  if (error instanceof IngestTooLarge) return new AppError(413, 'payload_too_large', error.message);
  if (error instanceof IngestError) return badRequest(`No se ha importado nada. ${error.message}`);
  return error;
}

/**
 * POST /admin/ingest/{xmltv|m3u}: the file as the body (text, XML or gzip). Admins only,
 * checked in onRequest, before a byte of the body is read; the body is never buffered: the
 * import reads it as it arrives, its size (and a gzip body's inflated size) capped on the way.
 */
export async function ingestRoutes(
  app: FastifyInstance,
  service: IngestService,
  sources: SourcesService,
  auth: Authenticator,
  adminEmails: readonly string[],
  limits: SizeLimits,
): Promise<void> {
  const requireAdmin = adminOnly(auth, adminEmails);
  await app.register(async (scope) => {
    // Any content type arrives as the raw request stream, unread, so XML, M3U and gzip need no special client.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      (_req: FastifyRequest, payload: IncomingMessage, done: (err: Error | null, body?: unknown) => void) =>
        done(null, payload),
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(
      '/admin/ingest/:format',
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['ingest'],
          summary: 'Importa una guía XMLTV o una lista M3U (administradores)',
          params: z.object({ format: ingestFormatSchema }),
          response: { 200: ingestReportSchema, ...errorResponses(400, 401, 403, 413) },
        },
      },
      async (request) => {
        const declared = Number(request.headers['content-length'] ?? NaN);
        if (declared > limits.maxBytes)
          throw new AppError(
            413,
            'payload_too_large',
            `El archivo supera ${Math.round(limits.maxBytes / (1024 * 1024))} MB.`,
          );
        const body = request.body as AsyncIterable<Uint8Array> | undefined;
        if (!body || declared === 0) throw badRequest('Envía el archivo en el cuerpo de la petición.');
        try {
          return await service.import(request.params.format, body, limits);
        } catch (error) {
          throw importFailure(error);
        }
      },
    );
  });
  await sourceRoutes(app, sources, requireAdmin);
}
