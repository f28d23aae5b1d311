// lint-as: apps/server/src/modules/catalogue/fixture.routes.ts
// expect: nothing
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../platform/http';

/** Routes know HTTP; they import their module's services and the platform's helpers. */
export async function fixtureRoutes(app: FastifyInstance): Promise<void> {
  app.get('/fixture', { schema: { response: errorResponses(404) } }, async () => ({ ok: true }));
}
