import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EMAIL_CHANGE_MESSAGES,
  emailChangeConfirmResponseSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  emailChangeStatusSchema,
  messageSchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from './auth.http';
import type { EmailChangeService } from './email-change.service';

/** Changing the sign-in address: the request (signed in, password again) and the mailed link's confirmation. */
export async function emailChangeRoutes(
  app: FastifyInstance,
  changes: EmailChangeService,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/account/email',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['identity'],
        summary: 'The account’s address, and the change waiting for its link',
        response: { 200: emailChangeStatusSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return changes.status(auth.userOf(request).userId);
    },
  );

  r.post(
    '/account/email',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['identity'],
        summary: 'Ask to change the sign-in address: a link goes to the new one, the current one is told',
        description:
          'The same 200 whether or not another account holds the address (its owner is mailed instead). 400 wrong password (data.wrong password) or the same address, 429 too many wrong passwords or requests.',
        body: emailChangeRequestSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      await changes.request(auth.userOf(request).userId, request.body);
      return { message: EMAIL_CHANGE_MESSAGES.sent };
    },
  );

  r.post(
    '/account/email/confirm',
    {
      // The link may be opened on a device that is not signed in: the token is the proof.
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary:
          'Confirm an address change with the token of the link mailed to the new address (single use, 24 hours)',
        body: emailChangeConfirmSchema,
        response: { 200: emailChangeConfirmResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return changes.confirm(request.body.token);
    },
  );
}
