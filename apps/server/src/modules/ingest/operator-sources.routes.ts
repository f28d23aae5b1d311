import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelOptionListSchema,
  channelOptionsQuerySchema,
  guideMappingRequestSchema,
  guideMappingSchema,
  newOperatorSourceSchema,
  operatorSourceChangeSchema,
  operatorSourcePageSchema,
  operatorSourceParamsSchema,
  operatorSourceSchema,
  pageCursorSchema,
  pageLimitSchema,
  sourceFetchListSchema,
  sourceFetchSchema,
  unmatchedGuideIdPageSchema,
} from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { SizeLimits } from './byte-source';
import { importFailure } from './ingest.routes';
import type { OperatorSourcesService } from './operator-sources.service';

const NO_SOURCE = 'No existe esa fuente.';
const BUSY = 'Esta fuente ya se está descargando o importando.';
const tags = ['operator'];
const pageQuery = z.object({ cursor: pageCursorSchema.optional(), limit: pageLimitSchema });

interface Deps {
  service: OperatorSourcesService;
  onRequest: onRequestAsyncHookHandler;
  actor: (request: FastifyRequest) => Actor;
}

/** The console's guide sources (issue 27): content operators and admins; every change audited. */
export async function operatorSourceRoutes(
  app: FastifyInstance,
  service: OperatorSourcesService,
  auth: Authenticator,
  limits: SizeLimits,
): Promise<void> {
  const deps: Deps = {
    service,
    onRequest: auth.requireOperator(['content']),
    actor: (request) => auth.operatorOf(request).actor,
  };
  await app.register(async (scope) => sourceCrud(scope, deps));
  await app.register(async (scope) => fetchesAndMappings(scope, deps));
  await app.register(async (scope) => upload(scope, deps, limits));
}

/** List, read, add, edit, remove. */
function sourceCrud(scope: FastifyInstance, { service, onRequest, actor }: Deps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const common = { onRequest, bodyLimit: 16 * 1024 } as const;
  api.get(
    '/operator/sources',
    {
      ...common,
      schema: {
        tags,
        summary: 'Guide and channel-list sources with their last fetch',
        querystring: pageQuery,
        response: { 200: operatorSourcePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.page(request.query.cursor, request.query.limit);
    },
  );
  api.post(
    '/operator/sources',
    {
      ...common,
      schema: {
        tags,
        summary: 'Add a source fetched on a schedule',
        body: newOperatorSourceSchema,
        response: { 201: operatorSourceSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const refusal = service.refusal(request.body.url);
      if (refusal) throw badRequest(refusal);
      return reply.status(201).send(await service.add(request.body, actor(request)));
    },
  );
  api.get(
    '/operator/sources/:sourceId',
    {
      ...common,
      schema: {
        tags,
        summary: 'One source with its last fetch',
        params: operatorSourceParamsSchema,
        response: { 200: operatorSourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return (await service.find(request.params.sourceId)) ?? Promise.reject(notFound(NO_SOURCE));
    },
  );
  api.patch(
    '/operator/sources/:sourceId',
    {
      ...common,
      schema: {
        tags,
        summary: 'Change a source’s URL, kind or interval',
        params: operatorSourceParamsSchema,
        body: operatorSourceChangeSchema,
        response: { 200: operatorSourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const refusal = request.body.url ? service.refusal(request.body.url) : null;
      if (refusal) throw badRequest(refusal);
      return (
        (await service.update(request.params.sourceId, request.body, actor(request))) ??
        Promise.reject(notFound(NO_SOURCE))
      );
    },
  );
  api.delete(
    '/operator/sources/:sourceId',
    {
      ...common,
      schema: {
        tags,
        summary: 'Remove a source with its history',
        params: operatorSourceParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await service.remove(request.params.sourceId, actor(request)))) throw notFound(NO_SOURCE);
      return reply.code(204).send(null);
    },
  );
}

/** History, fetch now, the unmatched guide ids and their mappings. */
function fetchesAndMappings(scope: FastifyInstance, { service, onRequest, actor }: Deps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const common = { onRequest, bodyLimit: 16 * 1024 } as const;
  api.get(
    '/operator/sources/:sourceId/fetches',
    {
      ...common,
      schema: {
        tags,
        summary: 'The last 30 fetches of a source, newest first',
        params: operatorSourceParamsSchema,
        response: { 200: sourceFetchListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const items = await service.fetches(request.params.sourceId);
      if (!items) throw notFound(NO_SOURCE);
      return { items };
    },
  );
  api.post(
    '/operator/sources/:sourceId/fetch',
    {
      ...common,
      schema: {
        tags,
        summary: 'Fetch a source now: answers at once, the fetch runs in the background',
        params: operatorSourceParamsSchema,
        response: { 202: sourceFetchSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const fetch = await service.fetchNow(request.params.sourceId, actor(request));
      if (fetch === undefined) throw notFound(NO_SOURCE);
      if (fetch === 'busy') throw conflict(BUSY);
      return reply.status(202).send(fetch);
    },
  );
  api.get(
    '/operator/sources/:sourceId/unmatched',
    {
      ...common,
      schema: {
        tags,
        summary: 'Guide ids of the last import that matched no channel and have no mapping',
        params: operatorSourceParamsSchema,
        querystring: pageQuery,
        response: { 200: unmatchedGuideIdPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!(await service.find(request.params.sourceId))) throw notFound(NO_SOURCE);
      const { cursor, limit } = request.query;
      const rows = await service.mappings.unmatched(request.params.sourceId, cursor ?? null, limit + 1);
      const items = rows.slice(0, limit);
      return { items, nextCursor: rows.length > limit ? (items[items.length - 1]?.guideId ?? null) : null };
    },
  );
  api.get(
    '/operator/sources/channel-options',
    {
      ...common,
      schema: {
        tags,
        summary: 'Channels for the mapping picker, by name or number',
        querystring: channelOptionsQuerySchema,
        response: { 200: channelOptionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { items: await service.mappings.channelOptions(request.query.q, request.query.limit) };
    },
  );
  api.post(
    '/operator/guide-mappings',
    {
      ...common,
      schema: {
        tags,
        summary: 'Map a guide id to a channel, create a channel for it, or ignore it; applied at once',
        body: guideMappingRequestSchema,
        response: { 200: guideMappingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await service.mappings.decide(request.body, actor(request));
      if (result === 'no-channel') throw notFound('No existe ese canal.');
      return result;
    },
  );
}

/** A file for a source, imported as it arrives. */
function upload(scope: FastifyInstance, { service, onRequest, actor }: Deps, limits: SizeLimits): void {
  // The file arrives as the raw request stream and is imported as it arrives (never buffered).
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    (_req: FastifyRequest, payload: IncomingMessage, done: (err: Error | null, body?: unknown) => void) =>
      done(null, payload),
  );
  scope.withTypeProvider<ZodTypeProvider>().post(
    '/operator/sources/:sourceId/upload',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Upload a file for a source and import it (XMLTV or M3U as the source’s kind, gzip accepted)',
        params: operatorSourceParamsSchema,
        response: { 200: sourceFetchSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (declared > limits.maxBytes)
        throw new AppError(
          413,
          'payload_too_large',
          `El archivo supera ${Math.round(limits.maxBytes / (1024 * 1024))} MB.`,
        );
      const body = request.body as AsyncIterable<Uint8Array> | undefined;
      if (!body || declared === 0) throw badRequest('Envía el archivo en el cuerpo de la petición.');
      let fetch;
      try {
        fetch = await service.upload(request.params.sourceId, body, limits, actor(request));
      } catch (error) {
        throw importFailure(error);
      }
      if (fetch === undefined) throw notFound(NO_SOURCE);
      if (fetch === 'busy') throw conflict(BUSY);
      return fetch;
    },
  );
}
