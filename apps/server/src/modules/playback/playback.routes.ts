import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
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
  openStreamListSchema,
  preloadRequestSchema,
  preloadResponseSchema,
  recordingParamsSchema,
  recordingPlayRequestSchema,
  recordingPlayResponseSchema,
  sessionIdParamsSchema,
} from '@pantalla/contracts';
import { guard } from '../../platform/access';
import { parseBoundedJson } from '../../platform/body';
import { AppError, badRequest } from '../../platform/errors';
import { errorResponses, type ZodApp } from '../../platform/http';
import { profileHeaderOf, type Authenticator } from '../identity';
import { describeDevice } from './device-name';
import type { LicenceService } from './licence.service';
import { refuse } from './refusals';
import type { Caller } from './session-rules';
import type { SessionsService } from './sessions.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['playback'];

/**
 * The player's refusals for a bearer token that no longer counts: signed out everywhere
 * (400, 800), the account gone (400, 801), anything else an expiry (401, 116).
 */
function playbackAuth(auth: Authenticator): onRequestAsyncHookHandler {
  return guard('user', async function requirePlayer(request, reply) {
    try {
      await auth.requireUser.call(this, request, reply);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 401) throw error;
      const reason = typeof error.data === 'object' && 'reason' in error.data ? error.data.reason : undefined;
      if (reason === 'revoked') throw refuse.accountRevoked();
      if (reason === 'unknown-user') throw refuse.accountGone();
      throw refuse.sessionExpired(error.message);
    }
  });
}

/** Playback routes: stream sessions and the ClearKey licence server. */
export async function playbackRoutes(
  app: FastifyInstance,
  sessions: SessionsService,
  licences: LicenceService,
  auth: Authenticator,
): Promise<void> {
  const onRequest = playbackAuth(auth);
  const caller = (request: FastifyRequest): Caller => {
    const user = auth.userOf(request);
    return { userId: user.userId, tokenExp: user.tokenExp, profile: profileHeaderOf(request), signIn: user.signIn };
  };
  sessionRoutes(app.withTypeProvider<ZodTypeProvider>(), sessions, onRequest, caller);
  recordingRoutes(app.withTypeProvider<ZodTypeProvider>(), sessions, onRequest, caller);
  await licenceRoutes(app, licences, onRequest, caller);
}

/** Open, reset, heartbeat, preload, DRM systems and close of stream sessions. */
function sessionRoutes(
  api: ZodApp,
  sessions: SessionsService,
  onRequest: onRequestAsyncHookHandler,
  caller: (request: FastifyRequest) => Caller,
): void {
  api.post(
    '/sessions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Abrir una sesión de reproducción',
        body: openSessionRequestSchema,
        response: { 201: openSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sessions.open(caller(request), request.body, describeDevice(request.headers['user-agent']))),
  );

  api.get(
    '/sessions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Las sesiones abiertas de la cuenta: dispositivo, qué reproduce, desde cuándo',
        response: { 200: openStreamListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { resources: await sessions.listOpen(caller(request).userId) };
    },
  );

  api.post(
    '/sessions/reset',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Cerrar todas las sesiones y sesiones DRM de la cuenta',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await sessions.reset(caller(request).userId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/sessions/:id/heartbeat',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mantener viva una sesión',
        params: sessionIdParamsSchema,
        response: { 200: heartbeatResponseSchema, ...errors },
      },
    },
    async (request) => sessions.heartbeat(caller(request).userId, request.params.id),
  );

  api.post(
    '/sessions/:id/preload',
    {
      onRequest,
      schema: {
        tags,
        summary: 'URLs firmadas de los canales vecinos, para precargar el zapping',
        params: sessionIdParamsSchema,
        body: preloadRequestSchema,
        response: { 200: preloadResponseSchema, ...errors },
      },
    },
    async (request) => sessions.preload(caller(request), request.params.id, request.body.channelIds),
  );

  api.get(
    '/sessions/:id/drm',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Servidores de licencias de una sesión (ClearKey, Widevine, FairPlay)',
        params: sessionIdParamsSchema,
        response: { 200: drmSystemsResponseSchema, ...errors },
      },
    },
    async (request) => sessions.drmSystems(caller(request), request.params.id),
  );

  api.delete(
    '/sessions/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Cerrar una sesión (guarda la posición)',
        params: sessionIdParamsSchema,
        body: closeSessionRequestSchema.nullish(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await sessions.close(caller(request).userId, request.params.id, request.body?.positionInMs);
      return reply.status(204).send(null);
    },
  );
}

/** Issue 29: a recording opens its session here (it names what plays); the rest of its life is a session's. */
function recordingRoutes(
  api: ZodApp,
  sessions: SessionsService,
  onRequest: onRequestAsyncHookHandler,
  caller: (request: FastifyRequest) => Caller,
): void {
  api.post(
    '/recordings/:id/play',
    {
      onRequest,
      schema: {
        tags: ['recordings', ...tags],
        summary: 'Abrir una sesión de reproducción de una grabación propia',
        params: recordingParamsSchema,
        body: recordingPlayRequestSchema,
        response: { 201: recordingPlayResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sessions.openRecording(
            caller(request),
            request.params.id,
            request.body,
            describeDevice(request.headers['user-agent']),
          ),
        ),
  );
}

/** The ClearKey licence server: per session, and for trailers. */
async function licenceRoutes(
  app: FastifyInstance,
  licences: LicenceService,
  onRequest: onRequestAsyncHookHandler,
  caller: (request: FastifyRequest) => Caller,
): Promise<void> {
  // The CDM's licence request arrives without a Content-Type (Shaka sends the raw message) or as
  // octet-stream; in their own scope, any body is read as JSON so the schema can judge it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      try {
        done(null, parseBoundedJson(String(body)));
      } catch (error) {
        done(error instanceof AppError ? error : badRequest('La petición de licencia no es JSON válido.'), undefined);
      }
    });
    const licence = scope.withTypeProvider<ZodTypeProvider>();
    licence.post(
      '/drm/clearkey/trailers/:clipKey',
      {
        // Trailers are promotional and under their own keys: players fetch them without a token.
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Licencia ClearKey de un tráiler',
          params: z.object({ clipKey: z.string().max(40) }),
          body: clearKeyLicenceRequestSchema,
          response: { 200: clearKeyLicenceResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.header('cache-control', 'no-store').send(licences.trailer(request.params.clipKey, request.body)),
    );

    licence.post(
      '/drm/clearkey/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Licencia ClearKey de una sesión',
          params: sessionIdParamsSchema,
          body: clearKeyLicenceRequestSchema,
          response: { 200: clearKeyLicenceResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(await licences.clearKey(caller(request).userId, request.params.id, request.body)),
    );
  });
}
