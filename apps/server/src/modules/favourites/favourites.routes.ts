import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  favouriteChannelParamsSchema,
  favouriteChannelsSchema,
  favouriteChannelsUpdateSchema,
  guideFilterSchema,
  myListItemParamsSchema,
  myListItemSchema,
  myListMembershipSchema,
  myListPageSchema,
  myListQuerySchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import { profileHeaderOf, type Authenticator, type ProfileContext, type ProfileResolver } from '../identity';
import type { FavouritesService } from './favourites.service';

const tags = ['favourites'];

/** Favourite channels and "Mi lista" of the profile the header names (issue 30). */
export function favouriteRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  profiles: ProfileResolver,
  favourites: FavouritesService,
): Promise<void> {
  const profileOf = (request: FastifyRequest): Promise<ProfileContext> => {
    // The sign-in's own choice applies when no token is sent: a kids device cannot leave by dropping it.
    const user = auth.userOf(request);
    return profiles.resolve(user.userId, profileHeaderOf(request), user.signIn);
  };
  channelRoutes(app, auth, profileOf, favourites);
  myListRoutes(app, auth, profileOf, favourites);
  guideFilterRoutes(app, auth, profileOf, favourites);
  return Promise.resolve();
}

type ProfileOf = (request: FastifyRequest) => Promise<ProfileContext>;

function channelRoutes(app: FastifyInstance, auth: Authenticator, profileOf: ProfileOf, favourites: FavouritesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: auth.requireUser };

  api.get(
    '/favourites/channels',
    {
      ...user,
      schema: {
        tags,
        summary: 'Canales favoritos del perfil, en su orden',
        response: { 200: favouriteChannelsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { channelIds: await favourites.channels(await profileOf(request)) };
    },
  );
  api.put(
    '/favourites/channels',
    {
      ...user,
      schema: {
        tags,
        summary: 'Reordenar (o sustituir) los canales favoritos del perfil',
        body: favouriteChannelsUpdateSchema,
        response: { 200: favouriteChannelsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const profile = await profileOf(request);
      return { channelIds: await favourites.replaceChannels(profile, request.body.channelIds) };
    },
  );
  api.put(
    '/favourites/channels/:channelId',
    {
      ...user,
      schema: {
        tags,
        summary: 'Marcar un canal como favorito (al final del orden; repetirlo no cambia nada)',
        params: favouriteChannelParamsSchema,
        response: { 200: favouriteChannelsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const profile = await profileOf(request);
      return { channelIds: await favourites.addChannel(profile, request.params.channelId) };
    },
  );
  api.delete(
    '/favourites/channels/:channelId',
    {
      ...user,
      schema: {
        tags,
        summary: 'Quitar un canal de favoritos',
        params: favouriteChannelParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await favourites.removeChannel(await profileOf(request), request.params.channelId);
      return reply.status(204).send(null);
    },
  );
}

function myListRoutes(app: FastifyInstance, auth: Authenticator, profileOf: ProfileOf, favourites: FavouritesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: auth.requireUser };
  api.get(
    '/my-list',
    {
      ...user,
      schema: {
        tags,
        summary: 'Mi lista del perfil (películas, series y programas), la más reciente primero, paginada',
        querystring: myListQuerySchema,
        response: { 200: myListPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return favourites.page(await profileOf(request), request.query);
    },
  );
  api.get(
    '/my-list/:kind/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Si un título o programa está en Mi lista del perfil',
        params: myListItemParamsSchema,
        response: { 200: myListMembershipSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { kind, id } = request.params;
      return { inList: await favourites.has(await profileOf(request), kind, id) };
    },
  );
  api.put(
    '/my-list/:kind/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Añadir a Mi lista (repetirlo devuelve el mismo elemento)',
        params: myListItemParamsSchema,
        response: { 200: myListItemSchema, 201: myListItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { kind, id } = request.params;
      const { item, created } = await favourites.add(await profileOf(request), kind, id);
      return reply.status(created ? 201 : 200).send(item);
    },
  );
  api.delete(
    '/my-list/:kind/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Quitar de Mi lista',
        params: myListItemParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      await favourites.remove(await profileOf(request), kind, id);
      return reply.status(204).send(null);
    },
  );
}

function guideFilterRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  profileOf: ProfileOf,
  favourites: FavouritesService,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: auth.requireUser };
  api.get(
    '/guide/filter',
    {
      ...user,
      schema: {
        tags,
        summary: 'El filtro con que se abre la guía del perfil (favoritos, grupo de canales, género)',
        response: { 200: guideFilterSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return favourites.guideFilter(await profileOf(request));
    },
  );
  api.put(
    '/guide/filter',
    {
      ...user,
      schema: {
        tags,
        summary: 'Recordar el filtro de la guía del perfil',
        body: guideFilterSchema,
        response: { 200: guideFilterSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return favourites.saveGuideFilter(await profileOf(request), request.body);
    },
  );
}
