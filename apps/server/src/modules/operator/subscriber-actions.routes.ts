import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountLockResponseSchema,
  actionReasonRequestSchema,
  closedStreamsResponseSchema,
  grantPackageRequestSchema,
  operatorCancelResponseSchema,
  operatorRefundResponseSchema,
  packageActionResponseSchema,
  resetMailResponseSchema,
  subscriberActionParamsSchema,
  subscriberPackageParamsSchema,
  subscriberPurchaseParamsSchema,
  subscriberStreamParamsSchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { SubscriberActions } from './subscriber-actions.service';

const tags = ['operator'];
const base = '/operator/subscribers/:userId';

/** The actions on a subscriber's page (support and admins; a refund asks for the password again). */
export async function subscriberActionRoutes(
  app: FastifyInstance,
  actions: SubscriberActions,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const support = auth.requireOperator(['support']);
  const sensitive = auth.requireOperator(['support'], { sensitive: true });
  r.post(
    `${base}/packages`,
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Concede un paquete a la cuenta hasta una fecha, con un motivo',
        params: subscriberActionParamsSchema,
        body: grantPackageRequestSchema,
        response: { 200: packageActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return actions.grant(request.params.userId, request.body, auth.operatorOf(request).actor);
    },
  );
  r.post(
    `${base}/packages/:packageId/revoke`,
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Retira un paquete de la cuenta ahora, con un motivo',
        params: subscriberPackageParamsSchema,
        body: actionReasonRequestSchema,
        response: { 200: packageActionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return actions.revoke(
        request.params.userId,
        request.params.packageId,
        request.body.reason,
        auth.operatorOf(request).actor,
      );
    },
  );
  r.post(
    `${base}/purchases/:purchaseId/cancel`,
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Cancela una suscripción de la cuenta: no se renueva y dura hasta el fin de su periodo',
        params: subscriberPurchaseParamsSchema,
        body: actionReasonRequestSchema,
        response: { 200: operatorCancelResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return actions.cancel(
        request.params.userId,
        request.params.purchaseId,
        request.body.reason,
        auth.operatorOf(request).actor,
      );
    },
  );
  r.post(
    `${base}/purchases/:purchaseId/refund`,
    {
      onRequest: sensitive,
      schema: {
        tags,
        summary:
          'Devuelve lo que queda del último pago de una compra a través del proveedor; el paquete deja de ser suyo',
        description:
          'Once per purchase: requests at once answer the same refund, a later one 409. Needs the operator password typed in the last 5 minutes.',
        params: subscriberPurchaseParamsSchema,
        body: actionReasonRequestSchema,
        response: { 200: operatorRefundResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return actions.refund(
        request.params.userId,
        request.params.purchaseId,
        request.body.reason,
        auth.operatorOf(request).actor,
      );
    },
  );
  await accountActionRoutes(app, actions, auth);
}

/** Streams, the password-reset mail, lock and unlock. */
async function accountActionRoutes(
  app: FastifyInstance,
  actions: SubscriberActions,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const support = auth.requireOperator(['support']);
  r.post(
    `${base}/streams/:sessionId/close`,
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Cierra una reproducción abierta de la cuenta',
        params: subscriberStreamParamsSchema,
        response: { 200: closedStreamsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return actions.closeStream(request.params.userId, request.params.sessionId, auth.operatorOf(request).actor);
    },
  );
  r.post(
    `${base}/streams/close`,
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Cierra todas las reproducciones abiertas de la cuenta',
        params: subscriberActionParamsSchema,
        response: { 200: closedStreamsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return actions.closeAllStreams(request.params.userId, auth.operatorOf(request).actor);
    },
  );
  r.post(
    `${base}/password-reset`,
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Envía a la cuenta un correo para elegir una contraseña nueva',
        params: subscriberActionParamsSchema,
        response: { 200: resetMailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return actions.resetMail(request.params.userId, auth.operatorOf(request).actor);
    },
  );
  r.post(
    `${base}/lock`,
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Bloquea la cuenta: cierra todas sus sesiones y reproducciones y no puede volver a entrar',
        params: subscriberActionParamsSchema,
        body: actionReasonRequestSchema,
        response: { 200: accountLockResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return actions.lock(request.params.userId, request.body.reason, auth.operatorOf(request).actor);
    },
  );
  r.post(
    `${base}/unlock`,
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Desbloquea la cuenta: puede volver a iniciar sesión',
        params: subscriberActionParamsSchema,
        body: actionReasonRequestSchema,
        response: { 200: accountLockResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return actions.unlock(request.params.userId, request.body.reason, auth.operatorOf(request).actor);
    },
  );
}
