import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parentalGrantSchema, parentalVerifyRequestSchema } from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from './auth.http';
import type { ParentalService } from './parental.service';

/** POST /parental/verify: the PIN is checked here, never in the browser. */
export async function parentalRoutes(app: FastifyInstance, parental: ParentalService, auth: Authenticator): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/parental/verify',
    {
      preHandler: auth.requireUser,
      schema: {
        tags: ['identity'],
        summary: 'Check the parental PIN; a match opens restricted content for 15 minutes',
        description: '400 wrong PIN, 409 no PIN set, 429 too many wrong PINs.',
        body: parentalVerifyRequestSchema,
        response: { 200: parentalGrantSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return parental.verifyPin(auth.userOf(request).userId, request.body.pin);
    },
  );
}
