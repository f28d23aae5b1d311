import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  parentalGrantSchema,
  parentalPinCheckSchema,
  parentalPinUpdateSchema,
  parentalStatusSchema,
  parentalVerifyRequestSchema,
  passwordCheckSchema,
} from '@pantalla/contracts';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from './auth.http';
import type { ParentalService } from './parental.service';
import type { PinSettingsService } from './pin-settings.service';

const tags = ['identity'];

/**
 * POST /parental/verify (the player's and the adult section's gate) and the settings' PIN
 * steps: every PIN and password is checked here, never in the browser.
 */
export async function parentalRoutes(
  app: FastifyInstance,
  parental: ParentalService,
  settings: PinSettingsService,
  auth: Authenticator,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = auth.requireUser;

  r.post(
    '/parental/verify',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Check the parental PIN; a match opens restricted content for 15 minutes',
        description: '400 wrong PIN, 409 no PIN set, 429 too many wrong PINs.',
        body: parentalVerifyRequestSchema,
        response: { 200: parentalGrantSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return parental.verifyPin(auth.userOf(request).userId, request.body.pin);
    },
  );

  r.post(
    '/parental/pin/check',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Settings step 1: check the current PIN before changing or disabling it',
        description:
          '400 wrong PIN (data.wrong currentPin, message 50), 409 no PIN set, 429 too many wrong PINs (shared with /parental/verify).',
        body: parentalPinCheckSchema,
        response: { 204: z.null().describe('The PIN is right'), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await settings.checkCurrentPin(auth.userOf(request).userId, request.body.pin);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/account/password/check',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Settings step 4: check the account password before a new PIN is typed',
        description: '400 wrong password (data.wrong password, message 52), 429 too many wrong passwords.',
        body: passwordCheckSchema,
        response: { 204: z.null().describe('The password is right'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await settings.checkPassword(auth.userOf(request).userId, request.body.password);
      return reply.code(204).send(null);
    },
  );

  r.put(
    '/parental/pin',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Define, change or disable (empty pin) the parental PIN',
        description:
          'A PIN in place needs currentPin; a new PIN needs the account password. 400 names the wrong one in data.wrong; 409 disabling without a PIN; 429 too many wrong entries.',
        body: parentalPinUpdateSchema,
        response: { 200: parentalStatusSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return settings.update(auth.userOf(request).userId, request.body);
    },
  );
}
