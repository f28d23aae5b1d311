import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@pantalla/contracts';

/** The error body under each status, so /api/docs lists every answer a route may give. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/** Answers carrying tokens or per-user data must never be stored by a cache. */
export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** Sends JSON already serialised and encoded (Fastify sends bytes as they are, skipping the response validator). */
export function sendSerialised(reply: FastifyReply, body: Buffer, cache: string): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', cache).send(body);
}

/** A Fastify instance whose routes are typed by their zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
