import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  guideGenreChannelsQuerySchema,
  guideGenreChannelsResponseSchema,
  guideGroupsQuerySchema,
  guideGroupsResponseSchema,
} from '@pantalla/contracts';
import { errorResponses } from '../../../platform/http';
import type { Authenticator } from '../../identity';
import type { GuideFiltersRepository } from './guide-filters.repository';

/**
 * What the guide's filters need without every channel's programmes (issue 30): the channel groups,
 * a page the size of the screen, and the channels airing a genre in a window. The same for every
 * subscriber: the guide intersects them with the channels it lists.
 */
export function guideFilterRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  repo: GuideFiltersRepository,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/guide/groups',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['catalogue'],
        summary: 'Grupos de canales de la guía (los de más canales primero), por páginas',
        querystring: guideGroupsQuerySchema,
        response: { 200: guideGroupsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, max-age=60');
      return repo.groups(request.query.limit, request.query.offset);
    },
  );
  api.get(
    '/guide/genre-channels',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['catalogue'],
        summary: 'Canales que emiten un programa de un género en un intervalo',
        querystring: guideGenreChannelsQuerySchema,
        response: { 200: guideGenreChannelsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, max-age=60');
      const { genreId, from, to } = request.query;
      return { channelIds: await repo.genreChannels(genreId, from, to) };
    },
  );
  return Promise.resolve();
}
