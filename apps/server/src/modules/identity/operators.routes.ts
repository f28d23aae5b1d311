import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OPERATOR_ROLES, operatorMeSchema, reauthRequestSchema, reauthResponseSchema } from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import { forbidden } from '../../platform/errors';
import { OPERATORS_ONLY, type Authenticator } from './auth.http';
import type { OperatorDirectory } from './operators.service';

/** The console's own routes: who is at it, and the password typed again before sensitive actions. */
export async function operatorRoutes(app: FastifyInstance, directory: OperatorDirectory, auth: Authenticator): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyOperator = auth.requireOperator(OPERATOR_ROLES);
  r.get(
    '/operator/me',
    {
      onRequest: anyOperator,
      schema: {
        tags: ['operator'],
        summary: 'The operator at the console: roles and how long sensitive actions stay unlocked',
        response: { 200: operatorMeSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const me = await directory.me(auth.operatorOf(request).actor, auth.userOf(request).signIn);
      if (!me) throw forbidden(OPERATORS_ONLY);
      return me;
    },
  );
  r.post(
    '/operator/reauth',
    {
      onRequest: anyOperator,
      schema: {
        tags: ['operator'],
        summary: 'Type the password again: sensitive actions need no password for the next 5 minutes on this sign-in',
        body: reauthRequestSchema,
        response: { 200: reauthResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { userId, signIn } = auth.userOf(request);
      return { reauthUntil: await directory.reauthenticate(userId, signIn, request.body.password) };
    },
  );
}
