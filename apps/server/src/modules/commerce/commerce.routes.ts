import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { packagesResponseSchema, ppvSubsProductsResponseSchema } from '@pantalla/contracts';
import { errorResponses } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { CommerceService } from './commerce.service';

const errors = errorResponses(400, 401);

/** Products on sale and packages. */
export async function commerceRoutes(app: FastifyInstance, service: CommerceService, auth: Authenticator): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = auth.requireUser;

  const products = {
    schema: { tags: ['commerce'], summary: 'Productos PPV y de suscripción a la venta', response: { 200: ppvSubsProductsResponseSchema, ...errors } },
    onRequest,
  };
  api.get('/productosppv', products, async () => ({ ppvSubsProducts: await service.listProducts() }));
  api.get('/epg_files/productosppv.json', products, async () => ({ ppvSubsProducts: await service.listProducts() }));

  api.get(
    '/packages',
    { schema: { tags: ['commerce'], summary: 'Paquetes y los que posee el usuario', response: { 200: packagesResponseSchema, ...errors } }, onRequest },
    async (request) => ({ resources: await service.listPackages(), ownedPackageIds: await service.ownedPackageIds(auth.userOf(request).userId) }),
  );
}
