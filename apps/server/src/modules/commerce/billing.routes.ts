import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminRefundHeadersSchema,
  adminRefundRequestSchema,
  adminRefundResponseSchema,
  billingEntryParamsSchema,
  billingHistoryQuerySchema,
  billingHistoryResponseSchema,
  purchaseIdParamsSchema,
  receiptSchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { BillingHistory } from './billing-history';
import type { Refunds } from './refunds';

const tags = ['commerce'];

/** The subscriber's billing history and receipts (signed in), and the operators' refund. */
export async function billingRoutes(
  app: FastifyInstance,
  history: BillingHistory,
  refunds: Refunds,
  auth: Authenticator,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/billing/history',
    {
      onRequest: auth.requireUser,
      schema: {
        tags,
        summary:
          'El historial de pagos, devoluciones y renovaciones fallidas del usuario, lo más reciente primero (paginado)',
        querystring: billingHistoryQuerySchema,
        response: { 200: billingHistoryResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return history.history(auth.userOf(request).userId, request.query.limit, request.query.cursor);
    },
  );
  api.get(
    '/billing/receipts/:entryId',
    {
      onRequest: auth.requireUser,
      schema: {
        tags,
        summary: 'El recibo de un pago o una devolución del usuario, para verlo e imprimirlo',
        params: billingEntryParamsSchema,
        response: { 200: receiptSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return history.receipt(auth.userOf(request).userId, request.params.entryId);
    },
  );
  api.post(
    '/admin/purchases/:purchaseId/refund',
    {
      onRequest: auth.requireAdmin,
      schema: {
        tags,
        summary: 'Devuelve el último pago de una compra, entero o en parte (administradores)',
        description:
          'Refuses more than is left of the payment (400) and a payment already refunded in full (409). An Idempotency-Key header makes a retry return the same refund.',
        params: purchaseIdParamsSchema,
        headers: adminRefundHeadersSchema,
        body: adminRefundRequestSchema,
        response: { 200: adminRefundResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return refunds.refund(request.params.purchaseId, request.body.amountCents, request.headers['idempotency-key']);
    },
  );
}
