import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  grantRoleRequestSchema,
  OPERATOR_ROLES,
  operatorListQuerySchema,
  operatorMeSchema,
  operatorPageSchema,
  reauthRequestSchema,
  reauthResponseSchema,
  revokeRoleParamsSchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import { forbidden } from '../../platform/errors';
import { OPERATORS_ONLY, type Authenticator } from './auth.http';
import type { OperatorDirectory } from './operators.service';

/** The console's own routes: who is at it, and the password typed again before sensitive actions. */
export async function operatorRoutes(
  app: FastifyInstance,
  directory: OperatorDirectory,
  auth: Authenticator,
): Promise<void> {
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

  await roleRoutes(app, directory, auth);
}

/** The roles screen: operators and their roles (admin only); grant and revoke are sensitive. */
async function roleRoutes(app: FastifyInstance, directory: OperatorDirectory, auth: Authenticator): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = auth.requireOperator(['admin']);
  const adminsAgain = auth.requireOperator(['admin'], { sensitive: true });
  r.get(
    '/operator/roles',
    {
      onRequest: admins,
      schema: {
        tags: ['operator'],
        summary: 'Operators and their roles, by e-mail, a page at a time',
        querystring: operatorListQuerySchema,
        response: { 200: operatorPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return directory.list(request.query.cursor, request.query.limit);
    },
  );
  r.post(
    '/operator/roles',
    {
      onRequest: adminsAgain,
      schema: {
        tags: ['operator'],
        summary: 'Grant a role to the account with this e-mail (audited; password typed in the last 5 minutes)',
        body: grantRoleRequestSchema,
        response: { 204: z.null().describe('Granted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await directory.grant(auth.operatorOf(request).actor, request.body.email, request.body.role);
      return reply.code(204).send(null);
    },
  );
  r.delete(
    '/operator/roles/:userId/:role',
    {
      onRequest: adminsAgain,
      schema: {
        tags: ['operator'],
        summary:
          'Revoke a role (audited; never the last admin nor an ADMIN_EMAILS admin; password typed in the last 5 minutes)',
        params: revokeRoleParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await directory.revoke(auth.operatorOf(request).actor, request.params.userId, request.params.role);
      return reply.code(204).send(null);
    },
  );
}
