import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  subscriberPageSchema,
  subscriberParamsSchema,
  subscriberPurchasePageSchema,
  subscriberPurchasesQuerySchema,
  subscriberSearchPageSchema,
  subscriberSearchQuerySchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { SubscriberPages } from './subscriber-page';

const tags = ['operator'];

/** GET /operator/subscribers (search), /operator/subscribers/{userId} (the page) and its purchases' further pages. */
export async function subscriberRoutes(
  app: FastifyInstance,
  pages: SubscriberPages,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const support = auth.requireOperator(['support']);
  r.get(
    '/operator/subscribers',
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Subscribers by e-mail, name or surname prefix (accents and case ignored) or exact id',
        querystring: subscriberSearchQuerySchema,
        response: { 200: subscriberSearchPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { q, cursor, limit } = request.query;
      return pages.search(q, cursor, limit);
    },
  );
  r.get(
    '/operator/subscribers/:userId',
    {
      onRequest: support,
      schema: {
        tags,
        summary: "The subscriber's page: account, profiles, packages, purchases, streams, devices, sign-ins",
        params: subscriberParamsSchema,
        response: { 200: subscriberPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return pages.page(request.params.userId);
    },
  );
  r.get(
    '/operator/subscribers/:userId/purchases',
    {
      onRequest: support,
      schema: {
        tags,
        summary: "The subscriber's purchases and subscriptions, newest first, a page at a time",
        params: subscriberParamsSchema,
        querystring: subscriberPurchasesQuerySchema,
        response: { 200: subscriberPurchasePageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return pages.purchases(request.params.userId, request.query.cursor, request.query.limit);
    },
  );
}
