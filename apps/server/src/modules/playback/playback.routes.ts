import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clearKeyLicenceRequestSchema,
  clearKeyLicenceResponseSchema,
  closeSessionRequestSchema,
  drmSystemsResponseSchema,
  heartbeatResponseSchema,
  openSessionRequestSchema,
  openSessionResponseSchema,
  preloadRequestSchema,
  preloadResponseSchema,
  sessionIdParamsSchema,
} from '@pantalla/contracts';
import { AppError, badRequest } from '../../platform/errors';
import { errorResponses, type ZodApp } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { LicenceService } from './licence.service';
import { refuse } from './refusals';
import type { Caller, SessionsService } from './sessions.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['playback'];

/**
 * The player's refusals for a bearer token that no longer counts: signed out everywhere
 * (400, 800), the account gone (400, 801), anything else an expiry (401, 116).
 */
function playbackAuth(auth: Authenticator): preHandlerAsyncHookHandler {
  return async function requirePlayer(request, reply) {
    try {
      await auth.requireUser.call(this, request, reply);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 401) throw error;
      const reason = typeof error.data === 'object' && 'reason' in error.data ? error.data.reason : undefined;
      if (reason === 'revoked') throw refuse.accountRevoked();
      if (reason === 'unknown-user') throw refuse.accountGone();
      throw refuse.sessionExpired(error.message);
    }
  };
}

/** Playback routes: stream sessions and the ClearKey licence server. */
export async function playbackRoutes(app: FastifyInstance, sessions: SessionsService, licences: LicenceService, auth: Authenticator): Promise<void> {
  const preHandler = playbackAuth(auth);
  const caller = (request: FastifyRequest): Caller => {
    const user = auth.userOf(request);
    return { userId: user.userId, tokenExp: user.tokenExp };
  };
  sessionRoutes(app.withTypeProvider<ZodTypeProvider>(), sessions, preHandler, caller);
  await licenceRoutes(app, licences, preHandler, caller);
}

/** Open, reset, heartbeat, preload, DRM systems and close of stream sessions. */
function sessionRoutes(api: ZodApp, sessions: SessionsService, preHandler: preHandlerAsyncHookHandler, caller: (request: FastifyRequest) => Caller): void {
  api.post(
    '/sessions',
    { preHandler, schema: { tags, summary: 'Abrir una sesión de reproducción', body: openSessionRequestSchema, response: { 201: openSessionResponseSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await sessions.open(caller(request), request.body)),
  );

  api.post(
    '/sessions/reset',
    { preHandler, schema: { tags, summary: 'Cerrar todas las sesiones y sesiones DRM de la cuenta', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await sessions.reset(caller(request).userId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/sessions/:id/heartbeat',
    { preHandler, schema: { tags, summary: 'Mantener viva una sesión', params: sessionIdParamsSchema, response: { 200: heartbeatResponseSchema, ...errors } } },
    async (request) => sessions.heartbeat(caller(request).userId, request.params.id),
  );

  api.post(
    '/sessions/:id/preload',
    {
      preHandler,
      schema: { tags, summary: 'URLs firmadas de los canales vecinos, para precargar el zapping', params: sessionIdParamsSchema, body: preloadRequestSchema, response: { 200: preloadResponseSchema, ...errors } },
    },
    async (request) => sessions.preload(caller(request), request.params.id, request.body.channelIds),
  );

  api.get(
    '/sessions/:id/drm',
    { preHandler, schema: { tags, summary: 'Servidores de licencias de una sesión (ClearKey, Widevine, FairPlay)', params: sessionIdParamsSchema, response: { 200: drmSystemsResponseSchema, ...errors } } },
    async (request) => sessions.drmSystems(caller(request), request.params.id),
  );

  api.delete(
    '/sessions/:id',
    {
      preHandler,
      schema: { tags, summary: 'Cerrar una sesión (guarda la posición)', params: sessionIdParamsSchema, body: closeSessionRequestSchema.nullish(), response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await sessions.close(caller(request).userId, request.params.id, request.body?.positionInMs);
      return reply.status(204).send(null);
    },
  );
}

/** The ClearKey licence server: per session, and for trailers. */
async function licenceRoutes(app: FastifyInstance, licences: LicenceService, preHandler: preHandlerAsyncHookHandler, caller: (request: FastifyRequest) => Caller): Promise<void> {
  // The CDM's licence request arrives without a Content-Type (Shaka sends the raw message) or as
  // octet-stream; in their own scope, any body is read as JSON so the schema can judge it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(badRequest('La petición de licencia no es JSON válido.'), undefined);
      }
    });
    const licence = scope.withTypeProvider<ZodTypeProvider>();
    licence.post(
      '/drm/clearkey/trailers/:clipKey',
      {
        // Trailers are promotional and under their own keys: players fetch them without a token.
        schema: { tags, summary: 'Licencia ClearKey de un tráiler', params: z.object({ clipKey: z.string().max(40) }), body: clearKeyLicenceRequestSchema, response: { 200: clearKeyLicenceResponseSchema, ...errors } },
      },
      async (request, reply) => reply.header('cache-control', 'no-store').send(licences.trailer(request.params.clipKey, request.body)),
    );

    licence.post(
      '/drm/clearkey/:id',
      {
        preHandler,
        schema: { tags, summary: 'Licencia ClearKey de una sesión', params: sessionIdParamsSchema, body: clearKeyLicenceRequestSchema, response: { 200: clearKeyLicenceResponseSchema, ...errors } },
      },
      async (request, reply) => reply.header('cache-control', 'no-store').send(await licences.clearKey(caller(request).userId, request.params.id, request.body)),
    );
  });
}
