import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, packagesResponseSchema, ppvSubsProductsResponseSchema } from '@pantalla/contracts';
import type { Deps } from '../../platform/module';
import { authenticate, authOf } from '../identity/auth';
import { CommerceService } from './commerce.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema };

/** Products on sale and packages. */
export async function commerceRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const service = new CommerceService(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = authenticate(deps);

  const products = {
    schema: { tags: ['commerce'], summary: 'Productos PPV y de suscripción a la venta', response: { 200: ppvSubsProductsResponseSchema, ...errors } },
    preHandler,
  };
  api.get('/productosppv', products, async () => ({ ppvSubsProducts: await service.listProducts() }));
  api.get('/epg_files/productosppv.json', products, async () => ({ ppvSubsProducts: await service.listProducts() }));

  api.get(
    '/packages',
    { schema: { tags: ['commerce'], summary: 'Paquetes y los que posee el usuario', response: { 200: packagesResponseSchema, ...errors } }, preHandler },
    async (request) => ({ resources: await service.listPackages(), ownedPackageIds: await service.ownedPackageIds(authOf(request).userId) }),
  );
}
