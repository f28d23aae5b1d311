import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { KeyRotation } from './key-rotation';
import { GENERATION_KINDS } from './stream-keys';

const kindSchema = z.enum(GENERATION_KINDS as unknown as ['film', 'episode', 'programme']);
const rotatedSchema = z.object({
  kind: kindSchema,
  id: z.number().int(),
  generation: z.number().int(),
  keyName: z.string(),
});

/**
 * POST /admin/keys/{film|episode|programme}/{id}/rotate: the operator moves a title's or a
 * catch-up programme's content key on a generation (a leaked key, a contract's end). Admins
 * only (ADMIN_EMAILS), as the imports; the command `npm run rotate-key` does the same.
 */
export async function keyRoutes(app: FastifyInstance, rotation: KeyRotation, auth: Authenticator): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/admin/keys/:kind/:id/rotate',
    {
      onRequest: auth.requireAdmin,
      schema: {
        tags: ['origin'],
        summary:
          'Cambia la clave de contenido de una película, un episodio o un programa de catch-up (administradores)',
        description:
          'Generation + 1: the MPD names the new key id and the old key decrypts nothing served from now on.',
        params: z.object({ kind: kindSchema, id: idParamSchema }),
        response: { 200: rotatedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return rotation.rotate(request.params.kind, request.params.id);
    },
  );
}
