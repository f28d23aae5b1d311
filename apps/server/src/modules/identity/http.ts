import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBodySchema } from '@pantalla/contracts';
import { AppError } from '../../platform/errors';

/** The error body under each status, so /api/docs lists every answer a route may give. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/** onError hook: a 429 tells clients when to come back, as the standard header. */
export async function retryAfterHeader(_request: FastifyRequest, reply: FastifyReply, error: FastifyError): Promise<void> {
  if (!(error instanceof AppError) || error.status !== 429) return;
  const data = error.data as { retryAfterSeconds?: unknown } | undefined;
  if (typeof data?.retryAfterSeconds === 'number') reply.header('retry-after', String(data.retryAfterSeconds));
}

/** Answers carrying tokens or per-user data must never be stored by a cache. */
export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}
