import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFILE_HEADER,
  newProfileSchema,
  profileDetailListSchema,
  profileDetailSchema,
  profileParamsSchema,
  profileSelectSchema,
  profileSelectedSchema,
  profileUpdateSchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from './auth.http';
import type { ProfilesService } from './profiles.service';

const tags = ['identity'];

/** The profile header's value (the first when repeated); undefined when absent. */
export function profileHeaderOf(request: FastifyRequest): string | undefined {
  const value = request.headers[PROFILE_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

/** The account's profiles (issue 30): list, create, change, delete, switch. */
export async function profileRoutes(
  app: FastifyInstance,
  profiles: ProfilesService,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = auth.requireUser;
  const userId = (request: FastifyRequest) => auth.userOf(request).userId;
  /** The profile the request acts as: its token, else its sign-in's choice, else the first. */
  const current = (request: FastifyRequest) => {
    const user = auth.userOf(request);
    return profiles.resolve(user.userId, profileHeaderOf(request) ?? '', user.signIn);
  };

  r.get(
    '/profiles',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The user’s profiles, the default first; one is created when there is none',
        response: { 200: profileDetailListSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { resources: await profiles.list(userId(request)) };
    },
  );

  r.post(
    '/profiles',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a profile (adult or kids); 409 past PROFILES_MAX, 403 from a kids profile',
        body: newProfileSchema,
        response: { 201: profileDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await profiles.create(userId(request), request.body, await current(request))),
  );

  r.patch(
    '/profiles/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Rename a profile or change its avatar, language or kind',
        params: profileParamsSchema,
        body: profileUpdateSchema,
        response: { 200: profileDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => profiles.update(userId(request), request.params.id, request.body, await current(request)),
  );

  r.delete(
    '/profiles/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a profile and what was kept for it; the first (default) one cannot be',
        params: profileParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await profiles.remove(userId(request), request.params.id, await current(request));
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/profiles/:id/select',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Switch to a profile and get its signed profile token; from a kids one into an adult one asks the PIN',
        description: `The current profile is the ${PROFILE_HEADER} header's profile token (the first profile without one); the answer's profileToken goes in that header from now on. 403 PIN needed or token refused, 400 wrong PIN or malformed header, 429 too many.`,
        params: profileParamsSchema,
        body: profileSelectSchema,
        response: { 200: profileSelectedSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return profiles.select(auth.userOf(request), request.params.id, profileHeaderOf(request), request.body.pin);
    },
  );
}
