import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@pantalla/contracts';
import type { ImagesService } from './images.service';
import type { StoredImage } from './image-store';
import type { RemoteImages } from './remote-images';

/** Art never changes for an id (it is drawn from the id and title), so browsers keep it a month. */
const CACHE = 'public, max-age=2592000, stale-while-revalidate=86400';

function svg(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', CACHE).send(body);
}

const errors = { 400: errorBodySchema, 404: errorBodySchema };

/** A fetched picture may change at its source: browsers ask again after an hour (a 304 when it has not). */
const REMOTE_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

/** A fetched picture, or 304 when the browser holds these bytes already. */
function picture(reply: FastifyReply, ifNoneMatch: string | undefined, image: StoredImage) {
  const etag = `"${image.meta.digest.slice(0, 32)}"`;
  reply.header('etag', etag).header('cache-control', REMOTE_CACHE);
  // Opened on its own, an SVG is a document: this one may run nothing and load nothing.
  if (image.meta.type === 'image/svg+xml')
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
  if (ifNoneMatch === etag) return reply.code(304).send(null);
  return reply.header('content-type', image.meta.type).send(image.bytes);
}

/** GET /images/...: drawn SVGs and fetched pictures, public (img tags send no bearer token). */
export async function imageRoutes(app: FastifyInstance, images: ImagesService, remote: RemoteImages): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/images/remote/:owner/:id/:fingerprint',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'Logo de canal o imagen de programa en http:, servido desde nuestro origen',
        params: z.object({
          owner: z.enum(['channel', 'event']),
          id: idParamSchema,
          fingerprint: z.string().regex(/^[0-9a-f]{16}$/, 'una huella de 16 dígitos hexadecimales'),
        }),
        response: { 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { owner, id, fingerprint } = request.params;
      return picture(reply, request.headers['if-none-match'], await remote.serve(owner, id, fingerprint));
    },
  );
  api.get(
    '/images/operator/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'Logo del operador (3002 cabecera, 3001 reproductor)',
        params: z.object({ file: z.enum(['3001.svg', '3002.svg']) }),
        response: errors,
      },
    },
    async (request, reply) => svg(reply, images.operator(request.params.file === '3001.svg' ? 3001 : 3002)),
  );
  api.get(
    '/images/rating/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'Icono de calificación por edades',
        params: z.object({ file: z.enum(['TP.svg', '7.svg', '12.svg', '16.svg', '18.svg']) }),
        response: errors,
      },
    },
    async (request, reply) => svg(reply, images.rating(request.params.file.replace(/\.svg$/, ''))),
  );
  api.get(
    '/images/:kind/:id/:variant',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'Póster, fotograma o logo dibujado de un elemento',
        params: z.object({
          kind: z.enum(['channel', 'film', 'series', 'episode', 'event', 'genre']),
          id: idParamSchema,
          variant: z.enum(['logo.svg', 'portrait.svg', 'landscape.svg']),
        }),
        response: errors,
      },
    },
    async (request, reply) => {
      const { kind, id, variant } = request.params;
      const shape = variant === 'logo.svg' ? 'logo' : variant === 'portrait.svg' ? 'portrait' : 'landscape';
      return svg(reply, await images.art(kind, id, shape));
    },
  );
}
