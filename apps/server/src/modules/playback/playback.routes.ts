import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clearKeyLicenceRequestSchema,
  clearKeyLicenceResponseSchema,
  closeSessionRequestSchema,
  drmSystemsResponseSchema,
  errorBodySchema,
  heartbeatResponseSchema,
  openSessionRequestSchema,
  openSessionResponseSchema,
  preloadRequestSchema,
  preloadResponseSchema,
  sessionIdParamsSchema,
} from '@pantalla/contracts';
import { AppError } from '../../platform/errors';
import type { Deps } from '../../platform/module';
import { authenticate, authOf } from '../identity';
import { LicenceService } from './licence.service';
import { refuse } from './refusals';
import { SessionsService, type Caller } from './sessions.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Claims of a bearer idToken whose signature `authenticate` has already checked. */
function tokenClaims(request: FastifyRequest): { sub?: unknown; exp?: unknown } {
  const token = request.headers.authorization?.slice(7).trim() ?? '';
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? payload : {};
  } catch {
    return {};
  }
}

function tokenExp(request: FastifyRequest): number {
  const { exp } = tokenClaims(request);
  if (typeof exp !== 'number') throw refuse.sessionExpired();
  return exp;
}

function tokenSubject(request: FastifyRequest): number {
  const { sub } = tokenClaims(request);
  return typeof sub === 'number' ? sub : -1;
}

/** Playback routes: stream sessions and the ClearKey licence server. */
export async function playbackRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sessions = new SessionsService(deps);
  const licences = new LicenceService(deps, sessions);
  const requireUser = authenticate(deps);
  // Every expired, invalid or revoked idToken is the player's refusal 116.
  const preHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      await requireUser(request, reply);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 401) throw error;
      // A valid signature that no longer counts is an account problem: signed out everywhere
      // (400, 800) or the account is gone (400, 801); anything else is an expiry (401, 116).
      const reason = (error.data as { reason?: unknown } | undefined)?.reason;
      if (reason === 'revoked') throw (await sessions.accounts.user(tokenSubject(request))) ? refuse.accountRevoked() : refuse.accountGone();
      throw refuse.sessionExpired(error.message);
    }
  };
  const caller = (request: FastifyRequest): Caller => ({ userId: authOf(request).userId, tokenExp: tokenExp(request) });
  const tags = ['playback'];

  api.post(
    '/sessions',
    { preHandler, schema: { tags, summary: 'Abrir una sesión de reproducción', body: openSessionRequestSchema, response: { 201: openSessionResponseSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await sessions.open(caller(request), request.body)),
  );

  api.post(
    '/sessions/reset',
    { preHandler, schema: { tags, summary: 'Cerrar todas las sesiones y sesiones DRM de la cuenta', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await sessions.reset(authOf(request).userId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/sessions/:id/heartbeat',
    { preHandler, schema: { tags, summary: 'Mantener viva una sesión', params: sessionIdParamsSchema, response: { 200: heartbeatResponseSchema, ...errors } } },
    async (request) => sessions.heartbeat(authOf(request).userId, request.params.id),
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
      await sessions.close(authOf(request).userId, request.params.id, request.body?.positionInMs);
      return reply.status(204).send(null);
    },
  );

  // The CDM's licence request arrives without a Content-Type (Shaka sends the raw message) or as
  // octet-stream; in their own scope, any body is read as JSON so the schema can judge it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new AppError(400, 'bad_request', 'La petición de licencia no es JSON válido.'), undefined);
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
      async (request, reply) => reply.header('cache-control', 'no-store').send(await licences.clearKey(authOf(request).userId, request.params.id, request.body)),
    );
  });
}
