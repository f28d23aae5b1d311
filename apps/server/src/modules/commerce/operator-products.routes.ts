import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  operatorPriceChangeSchema,
  operatorProductDetailSchema,
  operatorProductParamsSchema,
  operatorProductPatchSchema,
  operatorProductsPageSchema,
  operatorProductsQuerySchema,
  operatorSalesQuerySchema,
  operatorSalesSchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { OperatorProducts } from './operator-products.service';

const tags = ['operator'];

/** /operator/products: support reads, admins edit; a price change asks for the password again. */
export async function operatorProductRoutes(
  app: FastifyInstance,
  products: OperatorProducts,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = auth.requireOperator(['support']);
  const edit = auth.requireOperator([]);
  const sensitive = auth.requireOperator([], { sensitive: true });
  r.get(
    '/operator/products',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Productos (suscripciones y eventos de pago), por páginas, filtrados por tipo y título',
        querystring: operatorProductsQuerySchema,
        response: { 200: operatorProductsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return products.list(request.query);
    },
  );
  r.get(
    '/operator/products/:productId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Un producto: paquete, precio, ventana de venta, precio del proveedor e historial de precios',
        params: operatorProductParamsSchema,
        response: { 200: operatorProductDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return products.detail(request.params.productId);
    },
  );
  r.patch(
    '/operator/products/:productId',
    {
      onRequest: edit,
      schema: {
        tags,
        summary: 'Cambia el título, el paquete o la ventana de venta de un producto',
        params: operatorProductParamsSchema,
        body: operatorProductPatchSchema,
        response: { 200: operatorProductDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return products.update(request.params.productId, request.body, auth.operatorOf(request).actor);
    },
  );
  r.post(
    '/operator/products/:productId/price',
    {
      onRequest: sensitive,
      schema: {
        tags,
        summary:
          'Cambia el precio de un producto para las compras nuevas (las suscripciones existentes renuevan a su precio)',
        description:
          'Makes a Price at the provider. expectedVersion is the priceVersion shown: the same change sent twice answers the first result; a change over another one is 409. Needs the operator password typed in the last 5 minutes.',
        params: operatorProductParamsSchema,
        body: operatorPriceChangeSchema,
        response: { 200: operatorProductDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return products.changePrice(request.params.productId, request.body, auth.operatorOf(request).actor);
    },
  );
  r.get(
    '/operator/products/:productId/sales',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Ventas de un producto por día (UTC): número e importe bruto; hasta 400 días',
        params: operatorProductParamsSchema,
        querystring: operatorSalesQuerySchema,
        response: { 200: operatorSalesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return products.sales(request.params.productId, request.query.from, request.query.to);
    },
  );
}
