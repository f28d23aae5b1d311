import type { FastifyInstance } from 'fastify';
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
import { errorResponses, type ZodApp } from '../../platform/http';
import type { FastifyRequest } from 'fastify';
import { profileHeaderOf, type Authenticator, type ProfileResolver } from '../identity';
import { CompressedAnswers } from './compressed-answers.http';
import type { CatalogueService, KidsLevel } from './catalogue.service';
import type { GenresService } from './genres.service';
import type { GuideService } from './guide.service';
import type { KeepWatchingService } from './keep-watching.service';
import type { ListsService } from './lists.service';
import type { SearchService } from './search.service';

const errors = errorResponses(400, 401, 403, 404);
/** The large answers (channels, guide windows and days) compressed once while they are shared. */
const answers = new CompressedAnswers();
const tags = ['catalogue'];

/** The catalogue's services the routes call. */
export interface CatalogueServices {
  catalogue: CatalogueService;
  guide: GuideService;
  lists: ListsService;
  genres: GenresService;
  search: SearchService;
  keepWatching: KeepWatchingService;
}

/** Who asks: the account and, for a kids profile, its highest rating (issue 30). */
interface Audience {
  userId: number;
  /** The profile, whose positions keep-watching reads and writes. */
  profileId: number;
  kids: KidsLevel;
}
type AudienceOf = (request: FastifyRequest) => Promise<Audience>;

/** The catalogue's API: thin handlers over the services, in four groups. */
export async function catalogueRoutes(
  app: FastifyInstance,
  s: CatalogueServices,
  auth: Authenticator,
  profiles: ProfileResolver,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The profile as favourites and guide search take it: the header's signed token, else the
  // sign-in's last choice (a kids device stays a kids one), checked against the account.
  const audienceOf: AudienceOf = async (request) => {
    const { userId, signIn } = auth.userOf(request);
    const profile = await profiles.resolve(userId, profileHeaderOf(request), signIn);
    return { userId, profileId: profile.id, kids: profile.kind === 'kids' ? profile.kidsMaxRating : null };
  };
  browseRoutes(api, s, auth, audienceOf);
  guideRoutes(api, s, auth, audienceOf);
  titleRoutes(api, s, auth, audienceOf);
  keepWatchingRoutes(api, s, auth, audienceOf);
}

/** Screens, rows, lineups, channels, genres, search and the caller's address. */
/** The home's screens and rows, then channels, genres and search. */
function browseRoutes(api: ZodApp, s: CatalogueServices, auth: Authenticator, audienceOf: AudienceOf): void {
  const onRequest = auth.requireUser;
  api.get(
    '/screens',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Pantallas (alias home)',
        querystring: screensQuerySchema,
        response: { 200: screensResponseSchema, ...errors },
      },
    },
    async () => ({
      resources: await s.lists.screens(),
    }),
  );

  api.get(
    '/screen/lists',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Filas de una pantalla por grupo',
        querystring: screenListsQuerySchema,
        response: { 200: screenListsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, profileId, kids } = await audienceOf(request);
      return {
        resources: await s.lists.screenLists(
          { userId, profileId },
          request.query.listGroupId,
          request.query.lineupId,
          kids,
        ),
      };
    },
  );

  api.get(
    '/lists/:id/resources',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Elementos de una fila',
        params: idParamsSchema,
        querystring: listResourcesQuerySchema,
        response: { 200: listResourcesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, profileId, kids } = await audienceOf(request);
      return s.lists.listResources(
        { userId, profileId },
        request.params.id,
        request.query.limit,
        request.query.offset,
        kids,
      );
    },
  );

  api.get(
    '/categories/:id/contents',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Todos los elementos de una categoría',
        params: idParamsSchema,
        response: { 200: categoryContentsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, profileId, kids } = await audienceOf(request);
      return s.lists.categoryContents({ userId, profileId }, request.params.id, kids);
    },
  );
  channelRoutes(api, s, auth, audienceOf);
  genreAndSearchRoutes(api, s, auth, audienceOf);
}

/** Lineups, channels and their genres. */
function channelRoutes(api: ZodApp, s: CatalogueServices, auth: Authenticator, audienceOf: AudienceOf): void {
  const onRequest = auth.requireUser;
  api.get(
    '/lineups',
    {
      onRequest,
      schema: { tags, summary: 'Listas de canales por región', response: { 200: lineupsResponseSchema, ...errors } },
    },
    async () => ({
      resources: await s.catalogue.lineups(),
    }),
  );

  api.get(
    '/lineup-items',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Canales de una lista, en orden',
        querystring: lineupItemsQuerySchema,
        response: { 200: lineupItemsResponseSchema, ...errors },
      },
    },
    async (request) => ({ resources: await s.catalogue.lineupItems(request.query.lineupId) }),
  );

  api.get(
    '/channels',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Canales',
        querystring: lineupQuerySchema,
        response: { 200: channelsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, kids } = await audienceOf(request);
      return answers.send(
        request,
        reply,
        await s.catalogue.channelsJson(userId, request.query.lineupId, kids),
        'private, no-cache',
      );
    },
  );

  api.get(
    '/channels/:id',
    {
      onRequest,
      schema: { tags, summary: 'Un canal', params: idParamsSchema, response: { 200: channelSchema, ...errors } },
    },
    async (request) => {
      const { userId, kids } = await audienceOf(request);
      return s.catalogue.channelById(userId, request.params.id, kids);
    },
  );

  api.get(
    '/channel-genres',
    {
      onRequest,
      schema: { tags, summary: 'Géneros de canales', response: { 200: channelGenresResponseSchema, ...errors } },
    },
    async () => ({
      resources: await s.catalogue.channelGenres(),
    }),
  );
}

/** Genres, search and the caller's address. */
function genreAndSearchRoutes(api: ZodApp, s: CatalogueServices, auth: Authenticator, audienceOf: AudienceOf): void {
  const onRequest = auth.requireUser;

  api.get(
    '/genres',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Géneros',
        querystring: genresQuerySchema,
        response: { 200: genresResponseSchema, ...errors },
      },
    },
    async (request) => ({
      resources: await s.genres.list(request.query.kind, (await audienceOf(request)).kids),
    }),
  );

  api.get(
    '/genres/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Contenido de un género',
        params: idParamsSchema,
        querystring: genreListingQuerySchema,
        response: { 200: genreListingResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, kids } = await audienceOf(request);
      return s.genres.listing(userId, request.params.id, request.query.subgenreId, kids);
    },
  );

  api.get(
    '/search',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Búsqueda (mínimo 3 caracteres)',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, kids } = await audienceOf(request);
      return s.search.search(userId, request.query.term, kids);
    },
  );

  api.get(
    '/getuserip',
    { onRequest, schema: { tags, summary: 'IP del usuario', response: { 200: userIpResponseSchema, ...errors } } },
    async (request) => ({ ip: request.ip }),
  );
}

/** The guide: windows of programmes, one programme, a channel's day. */
function guideRoutes(api: ZodApp, s: CatalogueServices, auth: Authenticator, audienceOf: AudienceOf): void {
  const onRequest = auth.requireUser;
  api.get(
    '/events',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Programas en una ventana de tiempo',
        querystring: eventsQuerySchema,
        response: { 200: eventsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, kids } = await audienceOf(request);
      return answers.send(request, reply, await s.guide.windowJson(userId, request.query, kids), 'private, no-cache');
    },
  );

  api.get(
    '/events/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Un programa con su ficha',
        params: idParamsSchema,
        response: { 200: eventDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, kids } = await audienceOf(request);
      return s.guide.detail(userId, request.params.id, kids);
    },
  );

  api.get(
    '/epg/:channelId/:date',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Guía de un canal en un día (yyyy-mm-dd)',
        params: epgParamsSchema,
        querystring: epgQuerySchema,
        response: { 200: epgDayResponseSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { kids } = await audienceOf(request);
      const day = await s.guide.day(request.params.channelId, request.params.date, request.query.tz, kids);
      reply.header('etag', day.etag);
      if (request.headers['if-none-match'] === day.etag) return reply.status(304).send(null);
      return answers.send(request, reply, day.body, 'private, max-age=60');
    },
  );
}

/** Films, trailers, series, seasons and episodes. */
function titleRoutes(api: ZodApp, s: CatalogueServices, auth: Authenticator, audienceOf: AudienceOf): void {
  const onRequest = auth.requireUser;
  api.get(
    '/contents',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Películas',
        querystring: contentsQuerySchema,
        response: { 200: contentsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, kids } = await audienceOf(request);
      return s.catalogue.contents(userId, request.query.limit, request.query.offset, kids);
    },
  );

  api.get(
    '/contents/:id',
    {
      onRequest,
      schema: { tags, summary: 'Una película', params: idParamsSchema, response: { 200: filmSchema, ...errors } },
    },
    async (request) => {
      const { userId, kids } = await audienceOf(request);
      return s.catalogue.film(userId, request.params.id, kids);
    },
  );

  api.get(
    '/contents/:id/trailer',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Tráiler de una película',
        params: idParamsSchema,
        response: { 200: trailerResponseSchema, ...errors },
      },
    },
    async (request) => s.catalogue.trailer(request.params.id, (await audienceOf(request)).kids),
  );

  api.get(
    '/series',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Series',
        querystring: lineupQuerySchema,
        response: { 200: seriesListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, kids } = await audienceOf(request);
      return { resources: await s.catalogue.seriesList(userId, kids) };
    },
  );

  api.get(
    '/series/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Una serie con sus temporadas',
        params: idParamsSchema,
        response: { 200: seriesDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, kids } = await audienceOf(request);
      return s.catalogue.seriesDetail(userId, request.params.id, kids);
    },
  );

  api.get(
    '/series/:id/seasons',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Temporadas de una serie',
        params: idParamsSchema,
        response: { 200: seasonsResponseSchema, ...errors },
      },
    },
    async (request) => ({ resources: await s.catalogue.seasons(request.params.id, (await audienceOf(request)).kids) }),
  );

  api.get(
    '/seasons/:id/episodes',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Episodios de una temporada',
        params: idParamsSchema,
        response: { 200: episodesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, kids } = await audienceOf(request);
      return { resources: await s.catalogue.episodesOfSeason(userId, request.params.id, kids) };
    },
  );
}

/** Keep-watching bookmarks. */
function keepWatchingRoutes(api: ZodApp, s: CatalogueServices, auth: Authenticator, audienceOf: AudienceOf): void {
  const onRequest = auth.requireUser;
  api.get(
    '/keep-watching',
    { onRequest, schema: { tags, summary: 'Seguir viendo', response: { 200: keepWatchingResponseSchema, ...errors } } },
    async (request) => {
      const { userId, profileId, kids } = await audienceOf(request);
      return { resources: await s.keepWatching.list({ userId, profileId }, kids) };
    },
  );

  api.put(
    '/keep-watching/mark',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Guarda la posición de reproducción',
        body: bookmarkMarkRequestSchema,
        response: { 200: bookmarkOkSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, profileId } = await audienceOf(request);
      await s.keepWatching.mark({ userId, profileId }, request.body.kind, request.body.id, request.body.positionInMs);
      return { ok: true as const };
    },
  );

  api.delete(
    '/keep-watching/delete-mark/:id/:kind',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Borra una marca de seguir viendo',
        params: bookmarkDeleteParamsSchema,
        response: { 200: bookmarkOkSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, profileId } = await audienceOf(request);
      await s.keepWatching.remove({ userId, profileId }, request.params.kind, request.params.id);
      return { ok: true as const };
    },
  );
}
