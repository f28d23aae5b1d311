import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  guideGenreChannelsQuerySchema,
  guideGenreChannelsResponseSchema,
  guideGroupsQuerySchema,
  guideGroupsResponseSchema,
  PROFILE_HEADER,
} from '@pantalla/contracts';
import { errorResponses } from '../../../platform/http';
import { profileHeaderOf, type Authenticator, type ProfileResolver } from '../../identity';
import type { KidsLevel } from '../catalogue.service';
import type { GuideFiltersRepository } from './guide-filters.repository';

/**
 * What the guide's filters need without every channel's programmes (issue 30): the channel groups,
 * a page the size of the screen, and the channels airing a genre in a window. The same for every
 * adult profile (the guide intersects them with the channels it lists); a kids profile's leave out
 * what it may not see.
 */
export function guideFilterRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  profiles: ProfileResolver,
  repo: GuideFiltersRepository,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const kidsOf = async (request: FastifyRequest): Promise<KidsLevel> => {
    const { userId, signIn } = auth.userOf(request);
    const profile = await profiles.resolve(userId, profileHeaderOf(request), signIn);
    return profile.kind === 'kids' ? profile.kidsMaxRating : null;
  };
  // Kept a minute by the browser, per profile: a switch to a kids profile never reads the adult answer.
  const cacheable = (reply: FastifyReply) =>
    reply.header('cache-control', 'private, max-age=60').header('vary', PROFILE_HEADER);
  api.get(
    '/guide/groups',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['catalogue'],
        summary: 'Grupos de canales de la guía (los de más canales primero), por páginas',
        querystring: guideGroupsQuerySchema,
        response: { 200: guideGroupsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const kids = await kidsOf(request);
      void cacheable(reply);
      return repo.groups(request.query.limit, request.query.offset, kids);
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
        response: { 200: guideGenreChannelsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const kids = await kidsOf(request);
      void cacheable(reply);
      const { genreId, from, to } = request.query;
      return { channelIds: await repo.genreChannels(genreId, from, to, kids) };
    },
  );
  return Promise.resolve();
}
