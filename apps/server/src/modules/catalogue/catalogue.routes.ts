import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookmarkDeleteParamsSchema,
  bookmarkMarkRequestSchema,
  bookmarkOkSchema,
  categoryContentsResponseSchema,
  channelGenresResponseSchema,
  channelSchema,
  channelsResponseSchema,
  contentsQuerySchema,
  contentsResponseSchema,
  epgDayResponseSchema,
  epgParamsSchema,
  epgQuerySchema,
  episodesResponseSchema,
  errorBodySchema,
  eventDetailSchema,
  eventsQuerySchema,
  eventsResponseSchema,
  filmSchema,
  genreListingQuerySchema,
  genreListingResponseSchema,
  genresQuerySchema,
  genresResponseSchema,
  idParamsSchema,
  keepWatchingResponseSchema,
  lineupItemsQuerySchema,
  lineupItemsResponseSchema,
  lineupQuerySchema,
  lineupsResponseSchema,
  listResourcesQuerySchema,
  listResourcesResponseSchema,
  screenListsQuerySchema,
  screenListsResponseSchema,
  screensQuerySchema,
  screensResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  seasonsResponseSchema,
  seriesDetailSchema,
  seriesListResponseSchema,
  trailerResponseSchema,
  userIpResponseSchema,
} from '@pantalla/contracts';
import type { Deps } from '../../platform/module';
import { authenticate, authOf } from '../identity/auth';
import type { CatalogueServices } from './services';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Sends JSON already serialised (Fastify sends strings as they are, skipping the response validator). */
function sendSerialised(reply: FastifyReply, body: string, cache: string): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', cache).send(body);
}


/** The catalogue's API: thin handlers over the services. */
export async function catalogueRoutes(app: FastifyInstance, deps: Deps, s: CatalogueServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = authenticate(deps);
  const tags = ['catalogue'];

  api.get('/screens', { preHandler, schema: { tags, summary: 'Pantallas (alias home)', querystring: screensQuerySchema, response: { 200: screensResponseSchema, ...errors } } }, async () => ({
    resources: await s.lists.screens(),
  }));

  api.get(
    '/screen/lists',
    { preHandler, schema: { tags, summary: 'Filas de una pantalla por grupo', querystring: screenListsQuerySchema, response: { 200: screenListsResponseSchema, ...errors } } },
    async (request) => ({ resources: await s.lists.screenLists(authOf(request).userId, request.query.listGroupId, request.query.lineupId) }),
  );

  api.get(
    '/lists/:id/resources',
    { preHandler, schema: { tags, summary: 'Elementos de una fila', params: idParamsSchema, querystring: listResourcesQuerySchema, response: { 200: listResourcesResponseSchema, ...errors } } },
    async (request) => s.lists.listResources(authOf(request).userId, request.params.id, request.query.limit, request.query.offset),
  );

  api.get(
    '/categories/:id/contents',
    { preHandler, schema: { tags, summary: 'Todos los elementos de una categoría', params: idParamsSchema, response: { 200: categoryContentsResponseSchema, ...errors } } },
    async (request) => s.lists.categoryContents(authOf(request).userId, request.params.id),
  );

  api.get('/lineups', { preHandler, schema: { tags, summary: 'Listas de canales por región', response: { 200: lineupsResponseSchema, ...errors } } }, async () => ({
    resources: await s.catalogue.lineups(),
  }));

  api.get(
    '/lineup-items',
    { preHandler, schema: { tags, summary: 'Canales de una lista, en orden', querystring: lineupItemsQuerySchema, response: { 200: lineupItemsResponseSchema, ...errors } } },
    async (request) => ({ resources: await s.catalogue.lineupItems(request.query.lineupId) }),
  );

  api.get(
    '/channels',
    { preHandler, schema: { tags, summary: 'Canales', querystring: lineupQuerySchema, response: { 200: channelsResponseSchema, ...errors } } },
    async (request, reply) => sendSerialised(reply, await s.catalogue.channelsJson(authOf(request).userId, request.query.lineupId), 'private, no-cache'),
  );

  api.get(
    '/channels/:id',
    { preHandler, schema: { tags, summary: 'Un canal', params: idParamsSchema, response: { 200: channelSchema, ...errors } } },
    async (request) => s.catalogue.channelById(authOf(request).userId, request.params.id),
  );

  api.get('/channel-genres', { preHandler, schema: { tags, summary: 'Géneros de canales', response: { 200: channelGenresResponseSchema, ...errors } } }, async () => ({
    resources: await s.catalogue.channelGenres(),
  }));

  api.get(
    '/events',
    { preHandler, schema: { tags, summary: 'Programas en una ventana de tiempo', querystring: eventsQuerySchema, response: { 200: eventsResponseSchema, ...errors } } },
    async (request, reply) => sendSerialised(reply, await s.guide.windowJson(authOf(request).userId, request.query), 'private, no-cache'),
  );

  api.get(
    '/events/:id',
    { preHandler, schema: { tags, summary: 'Un programa con su ficha', params: idParamsSchema, response: { 200: eventDetailSchema, ...errors } } },
    async (request) => s.guide.detail(authOf(request).userId, request.params.id),
  );

  api.get(
    '/epg/:channelId/:date',
    {
      preHandler,
      schema: { tags, summary: 'Guía de un canal en un día (yyyy-mm-dd)', params: epgParamsSchema, querystring: epgQuerySchema, response: { 200: epgDayResponseSchema, 304: z.null(), ...errors } },
    },
    async (request, reply) => {
      const day = await s.guide.day(request.params.channelId, request.params.date, request.query.tz);
      reply.header('etag', day.etag);
      if (request.headers['if-none-match'] === day.etag) return reply.status(304).send(null);
      return sendSerialised(reply, day.body, 'private, max-age=60');
    },
  );

  api.get(
    '/contents',
    { preHandler, schema: { tags, summary: 'Películas', querystring: contentsQuerySchema, response: { 200: contentsResponseSchema, ...errors } } },
    async (request) => s.catalogue.contents(authOf(request).userId, request.query.limit, request.query.offset),
  );

  api.get(
    '/contents/:id',
    { preHandler, schema: { tags, summary: 'Una película', params: idParamsSchema, response: { 200: filmSchema, ...errors } } },
    async (request) => s.catalogue.film(authOf(request).userId, request.params.id),
  );

  api.get(
    '/contents/:id/trailer',
    { preHandler, schema: { tags, summary: 'Tráiler de una película', params: idParamsSchema, response: { 200: trailerResponseSchema, ...errors } } },
    async (request) => s.catalogue.trailer(request.params.id),
  );

  api.get(
    '/series',
    { preHandler, schema: { tags, summary: 'Series', querystring: lineupQuerySchema, response: { 200: seriesListResponseSchema, ...errors } } },
    async (request) => ({ resources: await s.catalogue.seriesList(authOf(request).userId) }),
  );

  api.get(
    '/series/:id',
    { preHandler, schema: { tags, summary: 'Una serie con sus temporadas', params: idParamsSchema, response: { 200: seriesDetailSchema, ...errors } } },
    async (request) => s.catalogue.seriesDetail(authOf(request).userId, request.params.id),
  );

  api.get(
    '/series/:id/seasons',
    { preHandler, schema: { tags, summary: 'Temporadas de una serie', params: idParamsSchema, response: { 200: seasonsResponseSchema, ...errors } } },
    async (request) => ({ resources: await s.catalogue.seasons(request.params.id) }),
  );

  api.get(
    '/seasons/:id/episodes',
    { preHandler, schema: { tags, summary: 'Episodios de una temporada', params: idParamsSchema, response: { 200: episodesResponseSchema, ...errors } } },
    async (request) => ({ resources: await s.catalogue.episodesOfSeason(authOf(request).userId, request.params.id) }),
  );

  api.get('/genres', { preHandler, schema: { tags, summary: 'Géneros', querystring: genresQuerySchema, response: { 200: genresResponseSchema, ...errors } } }, async (request) => ({
    resources: await s.genres.list(request.query.kind),
  }));

  api.get(
    '/genres/:id',
    { preHandler, schema: { tags, summary: 'Contenido de un género', params: idParamsSchema, querystring: genreListingQuerySchema, response: { 200: genreListingResponseSchema, ...errors } } },
    async (request) => s.genres.listing(authOf(request).userId, request.params.id, request.query.subgenreId),
  );

  api.get(
    '/search',
    { preHandler, schema: { tags, summary: 'Búsqueda (mínimo 3 caracteres)', querystring: searchQuerySchema, response: { 200: searchResponseSchema, ...errors } } },
    async (request) => s.search.search(authOf(request).userId, request.query.term),
  );

  api.get('/keep-watching', { preHandler, schema: { tags, summary: 'Seguir viendo', response: { 200: keepWatchingResponseSchema, ...errors } } }, async (request) => ({
    resources: await s.keepWatching.list(authOf(request).userId),
  }));

  api.put(
    '/keep-watching/mark',
    { preHandler, schema: { tags, summary: 'Guarda la posición de reproducción', body: bookmarkMarkRequestSchema, response: { 200: bookmarkOkSchema, ...errors } } },
    async (request) => {
      await s.keepWatching.mark(authOf(request).userId, request.body.kind, request.body.id, request.body.positionInMs);
      return { ok: true as const };
    },
  );

  api.delete(
    '/keep-watching/delete-mark/:id/:kind',
    { preHandler, schema: { tags, summary: 'Borra una marca de seguir viendo', params: bookmarkDeleteParamsSchema, response: { 200: bookmarkOkSchema, ...errors } } },
    async (request) => {
      await s.keepWatching.remove(authOf(request).userId, request.params.kind, request.params.id);
      return { ok: true as const };
    },
  );

  api.get('/getuserip', { preHandler, schema: { tags, summary: 'IP del usuario', response: { 200: userIpResponseSchema, ...errors } } }, async (request) => ({ ip: request.ip }));
}
