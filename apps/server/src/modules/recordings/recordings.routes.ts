import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelRecordingRightsSchema,
  dueRemindersSchema,
  idParamSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  recordingMarksQuerySchema,
  recordingMarksSchema,
  recordingPageSchema,
  recordingParamsSchema,
  recordingQuotaSchema,
  recordingRuleCreateSchema,
  recordingRulePageSchema,
  recordingRuleSchema,
  recordingRulesQuerySchema,
  recordingSchema,
  recordingsQuerySchema,
  recordingUpdateSchema,
  recordRequestSchema,
  reminderCreateSchema,
  reminderPageSchema,
  reminderParamsSchema,
  reminderSchema,
  remindersQuerySchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import { profileHeaderOf, type Authenticator, type ProfileResolver } from '../identity';
import type { ChannelRightsService } from './channel-rights.service';
import type { PushService } from './push.service';
import type { RecordingsOwner, RecordingsService } from './recordings.service';
import type { RemindersService } from './reminders.service';
import type { RulesService } from './rules.service';

const tags = ['recordings'];

export interface RecordingServices {
  recordings: RecordingsService;
  rules: RulesService;
  reminders: RemindersService;
  rights: ChannelRightsService;
}

type OwnerOf = (request: FastifyRequest) => Promise<RecordingsOwner>;

/**
 * Mis grabaciones: "Grabar", the lists, quota and guide marks (issue 29), each the profile's the
 * header names, checked to be the account's (issue 30); the quota is the account's.
 */
export async function recordingRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  profiles: ProfileResolver,
  s: RecordingServices,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: auth.requireUser };
  // The sign-in's own choice applies when no token is sent: a kids device cannot leave by dropping it.
  const ownerOf: OwnerOf = async (request) => {
    const { userId, signIn } = auth.userOf(request);
    const profile = await profiles.resolve(userId, profileHeaderOf(request), signIn);
    return { userId, profileId: profile.id, kids: profile.kind === 'kids' ? profile.kidsMaxRating : null };
  };
  api.post(
    '/recordings',
    {
      ...user,
      schema: {
        tags,
        summary: 'Grabar un programa (terminado: al momento; en directo o futuro: al terminar)',
        body: recordRequestSchema,
        response: { 200: recordingSchema, 201: recordingSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { recording, created } = await s.recordings.record(await ownerOf(request), request.body.eventId);
      return reply.status(created ? 201 : 200).send(recording);
    },
  );
  api.get(
    '/recordings',
    {
      ...user,
      schema: {
        tags,
        summary: 'Grabaciones del usuario, paginadas',
        querystring: recordingsQuerySchema,
        response: { 200: recordingPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return s.recordings.page(await ownerOf(request), request.query);
    },
  );
  api.get(
    '/recordings/quota',
    {
      ...user,
      schema: {
        tags,
        summary: 'Espacio de grabación usado',
        response: { 200: recordingQuotaSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return s.recordings.quota(auth.userOf(request).userId);
    },
  );
  api.get(
    '/recordings/marks',
    {
      ...user,
      schema: {
        tags,
        summary: 'Marcas de la guía por programa: grabado, programado, aviso',
        querystring: recordingMarksQuerySchema,
        response: { 200: recordingMarksSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { items: await s.recordings.marks(await ownerOf(request), request.query.eventIds) };
    },
  );
  itemRoutes(app, auth, ownerOf, s);
  ruleRoutes(app, auth, ownerOf, s);
  reminderRoutes(app, auth, ownerOf, s);
  rightsRoutes(app, auth, s);
}

/** One recording of the profile's: read, protect, delete (another profile's is as missing). */
function itemRoutes(app: FastifyInstance, auth: Authenticator, ownerOf: OwnerOf, s: RecordingServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: auth.requireUser };
  api.get(
    '/recordings/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Una grabación',
        params: recordingParamsSchema,
        response: { 200: recordingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return s.recordings.get(await ownerOf(request), request.params.id);
    },
  );
  api.patch(
    '/recordings/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Proteger o desproteger una grabación del borrado',
        params: recordingParamsSchema,
        body: recordingUpdateSchema,
        response: { 200: recordingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return s.recordings.protect(await ownerOf(request), request.params.id, request.body.protected);
    },
  );
  api.delete(
    '/recordings/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Borrar una grabación (o cancelar una programada)',
        params: recordingParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await s.recordings.remove(await ownerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

function ruleRoutes(app: FastifyInstance, auth: Authenticator, ownerOf: OwnerOf, s: RecordingServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: auth.requireUser };
  api.post(
    '/recordings/rules',
    {
      ...user,
      schema: {
        tags,
        summary: 'Crear una regla de serie (título o palabra clave; un canal o todos)',
        body: recordingRuleCreateSchema,
        response: { 201: recordingRuleSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rule = await s.rules.create(await ownerOf(request), request.body);
      return reply.status(201).send(rule);
    },
  );
  api.get(
    '/recordings/rules',
    {
      ...user,
      schema: {
        tags,
        summary: 'Reglas de serie del usuario, paginadas',
        querystring: recordingRulesQuerySchema,
        response: { 200: recordingRulePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return s.rules.page(await ownerOf(request), request.query.cursor, request.query.limit);
    },
  );
  api.delete(
    '/recordings/rules/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Borrar una regla y sus grabaciones aún no hechas',
        params: recordingParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await s.rules.remove(await ownerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

function reminderRoutes(app: FastifyInstance, auth: Authenticator, ownerOf: OwnerOf, s: RecordingServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: auth.requireUser };
  api.post(
    '/reminders',
    {
      ...user,
      schema: {
        tags,
        summary: 'Poner un aviso a un programa que no ha empezado',
        body: reminderCreateSchema,
        response: { 201: reminderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await s.reminders.set(await ownerOf(request), request.body)),
  );
  api.get(
    '/reminders',
    {
      ...user,
      schema: {
        tags,
        summary: 'Avisos pendientes del usuario, paginados',
        querystring: remindersQuerySchema,
        response: { 200: reminderPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return s.reminders.page(await ownerOf(request), request.query.cursor, request.query.limit);
    },
  );
  api.get(
    '/reminders/due',
    {
      ...user,
      schema: {
        tags,
        summary: 'Avisos que toca mostrar ahora',
        response: { 200: dueRemindersSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return s.reminders.due(await ownerOf(request));
    },
  );
  api.post(
    '/reminders/:id/seen',
    {
      ...user,
      schema: {
        tags,
        summary: 'Dar un aviso por visto',
        params: reminderParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await s.reminders.seen(await ownerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.delete(
    '/reminders/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Quitar un aviso',
        params: reminderParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await s.reminders.remove(await ownerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** Web Push: the server's key and this device's subscription (issue 29). */
export function pushRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  profiles: ProfileResolver,
  push: PushService,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: auth.requireUser };
  api.get(
    '/push/key',
    {
      ...user,
      schema: {
        tags,
        summary: 'Clave pública VAPID para suscribirse a los avisos push (null: no se ofrecen)',
        response: { 200: pushKeySchema, ...errorResponses(401) },
      },
    },
    () => push.key(),
  );
  api.put(
    '/push/subscription',
    {
      ...user,
      schema: {
        tags,
        summary: 'Recibir los avisos también en este dispositivo (suscripción Web Push del perfil)',
        body: pushSubscriptionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId, signIn } = auth.userOf(request);
      const profile = await profiles.resolve(userId, profileHeaderOf(request), signIn);
      await push.subscribe(userId, profile.id, request.body);
      return reply.status(204).send(null);
    },
  );
  api.delete(
    '/push/subscription',
    {
      ...user,
      schema: {
        tags,
        summary: 'Dejar de recibir avisos push en este dispositivo',
        body: pushUnsubscribeSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(auth.userOf(request).userId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}

function rightsRoutes(app: FastifyInstance, auth: Authenticator, s: RecordingServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ channelId: idParamSchema });
  api.get(
    '/operator/channels/:channelId/recording-rights',
    {
      onRequest: auth.requireOperator(['support', 'content']),
      schema: {
        tags,
        summary: 'Derechos de grabación de un canal',
        params,
        response: { 200: channelRecordingRightsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return s.rights.get(request.params.channelId);
    },
  );
  api.put(
    '/operator/channels/:channelId/recording-rights',
    {
      onRequest: auth.requireOperator(['content']),
      schema: {
        tags,
        summary: 'Permitir o prohibir grabar un canal o avanzar en sus grabaciones (auditado)',
        params,
        body: channelRecordingRightsSchema,
        response: { 200: channelRecordingRightsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return s.rights.set(request.params.channelId, request.body, auth.operatorOf(request).actor);
    },
  );
}
