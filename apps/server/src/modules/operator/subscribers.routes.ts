import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../identity';

/** GET /operator/subscribers (search) and GET /operator/subscribers/{userId} (the subscriber's page). */
export async function subscriberRoutes(app: FastifyInstance, auth: Authenticator): Promise<void> {
  void app;
  void auth;
}
