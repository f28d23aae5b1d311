import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  packagesResponseSchema,
  ppvSubsProductsResponseSchema,
  productIdParamsSchema,
  productQuoteSchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { CommerceService, VatRates } from './commerce.service';

const errors = errorResponses(400, 401);

/** The account's country (null when it gave none): its VAT rate applies. */
export type CountryOf = (userId: number) => Promise<string | null>;

/** Products on sale and packages. */
export async function commerceRoutes(
  app: FastifyInstance,
  service: CommerceService,
  auth: Authenticator,
  countryOf: CountryOf,
  vat: VatRates,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = auth.requireUser;

  const products = {
    schema: {
      tags: ['commerce'],
      summary: 'Productos PPV y de suscripción a la venta',
      response: { 200: ppvSubsProductsResponseSchema, ...errors },
    },
    onRequest,
  };
  api.get('/productosppv', products, async () => ({ ppvSubsProducts: await service.listProducts() }));
  api.get('/epg_files/productosppv.json', products, async () => ({ ppvSubsProducts: await service.listProducts() }));

  api.get(
    '/products/:productId',
    {
      schema: {
        tags: ['commerce'],
        summary: 'Un producto tal como se vende ahora, con el IVA de su precio para el país de la cuenta',
        params: productIdParamsSchema,
        response: { 200: productQuoteSchema, ...errorResponses(400, 401, 404) },
      },
      onRequest,
    },
    async (request, reply) => {
      noStore(reply);
      const { userId } = auth.userOf(request);
      return service.quote(request.params.productId, await countryOf(userId), vat);
    },
  );

  api.get(
    '/packages',
    {
      schema: {
        tags: ['commerce'],
        summary: 'Paquetes y los que posee el usuario',
        response: { 200: packagesResponseSchema, ...errors },
      },
      onRequest,
    },
    async (request) => ({
      resources: await service.listPackages(),
      ownedPackageIds: await service.ownedPackageIds(auth.userOf(request).userId),
    }),
  );
}
