import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageSchema,
  PASSWORD_RECOVERY_CONFIRMATION,
  passwordRecoveryRequestSchema,
  passwordResetRequestSchema,
} from '@pantalla/contracts';
import { errorResponses } from '../../platform/http';
import { PASSWORD_CHANGED, type RecoveryService } from './recovery.service';

/** Lost password: request a link by mail, then set a new password with it. */
export async function recoveryRoutes(app: FastifyInstance, recovery: RecoveryService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The app's own address, and the spec's one under the service locator's manager endpoint.
  for (const url of ['/tb-user/passwordRecovery', '/backend/tb-user/passwordRecovery']) {
    r.post(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['identity'],
          summary: 'Mail a password-reset link; always the same answer, whether or not the account exists',
          body: passwordRecoveryRequestSchema,
          response: { 200: messageSchema, ...errorResponses(400) },
        },
      },
      async (request) => {
        await recovery.requestReset(request.body.email, request.ip, request.body.language);
        return { message: PASSWORD_RECOVERY_CONFIRMATION };
      },
    );
  }

  r.post(
    '/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Set a new password with a reset link’s token; signs the user out everywhere',
        body: passwordResetRequestSchema,
        response: { 200: messageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await recovery.resetPassword(request.body.token, request.body.password);
      return { message: PASSWORD_CHANGED };
    },
  );
}
