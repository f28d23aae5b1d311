import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  lineupMoveResponseSchema,
  lineupMoveSchema,
  operatorChannelPageSchema,
  operatorChannelParamsSchema,
  operatorChannelPatchSchema,
  operatorChannelSchema,
  streamCheckListSchema,
  operatorChannelsQuerySchema,
  operatorLineupChannelsQuerySchema,
  operatorLineupPageSchema,
  operatorLineupParamsSchema,
  operatorLineupsResponseSchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { OperatorChannelsService } from './operator-channels.service';

const tags = ['operator'];

/** The console's channels and lineups: every operator reads them, admin and content change them. */
export async function operatorChannelRoutes(
  app: FastifyInstance,
  service: OperatorChannelsService,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = auth.requireOperator(['support', 'content']);
  const edit = auth.requireOperator(['content']);

  r.get(
    '/operator/channels',
    {
      onRequest: view,
      schema: {
        tags,
        summary: 'Channels for the console: search, sort, filters, pages of at most 200',
        querystring: operatorChannelsQuerySchema,
        response: { 200: operatorChannelPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.list(request.query);
    },
  );
  r.get(
    '/operator/channels/:channelId',
    {
      onRequest: view,
      schema: {
        tags,
        summary: 'One channel with everything the console edits',
        params: operatorChannelParamsSchema,
        response: { 200: operatorChannelSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.channel(request.params.channelId);
    },
  );
  streamCheckRoute(app, service, auth);
  r.patch(
    '/operator/channels/:channelId',
    {
      onRequest: edit,
      schema: {
        tags,
        summary: 'Change a channel (audited); a number another channel of its lineups has is refused (409)',
        params: operatorChannelParamsSchema,
        body: operatorChannelPatchSchema,
        response: { 200: operatorChannelSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.update(request.params.channelId, request.body, auth.operatorOf(request).actor);
    },
  );
  r.get(
    '/operator/lineups',
    {
      onRequest: view,
      schema: {
        tags,
        summary: 'Lineups with their region and channel count',
        response: { 200: operatorLineupsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return { items: await service.lineups() };
    },
  );
  r.get(
    '/operator/lineups/:lineupId/channels',
    {
      onRequest: view,
      schema: {
        tags,
        summary: 'A lineup in its order, in pages of at most 200',
        params: operatorLineupParamsSchema,
        querystring: operatorLineupChannelsQuerySchema,
        response: { 200: operatorLineupPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.lineupPage(request.params.lineupId, request.query.cursor, request.query.limit);
    },
  );
  r.put(
    '/operator/lineups/:lineupId/order',
    {
      onRequest: edit,
      schema: {
        tags,
        summary: 'Move one channel of a lineup to a position (audited)',
        params: operatorLineupParamsSchema,
        body: lineupMoveSchema,
        response: { 200: lineupMoveResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.move(request.params.lineupId, request.body, auth.operatorOf(request).actor);
    },
  );
}

/** The console's stream check: the one place the server asks for a channel's streams (with their list's headers). */
function streamCheckRoute(app: FastifyInstance, service: OperatorChannelsService, auth: Authenticator): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = auth.requireOperator(['support', 'content']);
  r.post(
    '/operator/channels/:channelId/stream-check',
    {
      onRequest: view,
      schema: {
        tags,
        summary: 'Ask each of a channel’s imported streams for itself, with the User-Agent and Referer its list gave',
        params: operatorChannelParamsSchema,
        response: { 200: streamCheckListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { items: await service.checkStreams(request.params.channelId, auth.operatorOf(request).actor) };
    },
  );
}
