import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@pantalla/contracts';
import type { ImagesService } from './images.service';

/** Art never changes for an id (it is drawn from the id and title), so browsers keep it a month. */
const CACHE = 'public, max-age=2592000, stale-while-revalidate=86400';

function svg(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', CACHE).send(body);
}

const errors = { 400: errorBodySchema, 404: errorBodySchema };

/** GET /images/...: drawn SVGs, public (img tags send no bearer token). */
export async function imageRoutes(app: FastifyInstance, images: ImagesService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/images/operator/:file',
    { config: { access: 'public' }, schema: { tags: ['images'], summary: 'Logo del operador (3002 cabecera, 3001 reproductor)', params: z.object({ file: z.enum(['3001.svg', '3002.svg']) }), response: errors } },
    async (request, reply) => svg(reply, images.operator(request.params.file === '3001.svg' ? 3001 : 3002)),
  );
  api.get(
    '/images/rating/:file',
    { config: { access: 'public' }, schema: { tags: ['images'], summary: 'Icono de calificación por edades', params: z.object({ file: z.enum(['TP.svg', '7.svg', '12.svg', '16.svg', '18.svg']) }), response: errors } },
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
