import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONFIRMATION_MAIL_SENT,
  EMAIL_CONFIRMED,
  emailConfirmationRequestSchema,
  messageSchema,
  registrationFormTokenSchema,
  registrationRequestSchema,
  registrationResponseSchema,
  skinSchema,
} from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import type { OperatorConfig } from '../../platform/config';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from './auth.http';
import type { RegistrationService } from './registration.service';

/** Sign-up (authorised by nothing but its anti-automation rules) and address confirmation. */
export async function registrationRoutes(
  app: FastifyInstance,
  registration: RegistrationService,
  auth: Authenticator,
  deps: { clock: Clock; operator: OperatorConfig },
): Promise<void> {
  operatorSkinRoute(app, deps.operator);
  signUpRoutes(app, registration, deps.clock);
  confirmationRoutes(app, registration, auth);
}

function operatorSkinRoute(app: FastifyInstance, operator: OperatorConfig): void {
  // Screens a visitor sees (registration result, privacy policy) name the operator and its provider.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/operator',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'The operator’s skin: its name, its provider’s name and its logos (public)',
        response: { 200: skinSchema },
      },
    },
    async () => ({ operator: operator.name, provider: operator.providerName, logos: operator.logos }),
  );
}

/** The form's token and the sign-up itself. */
function signUpRoutes(app: FastifyInstance, registration: RegistrationService, clock: Clock): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The birth year's upper bound is the server's current year, from the injected clock.
  const body = registrationRequestSchema(() => new Date(clock.now()).getUTCFullYear());

  r.get(
    '/registration/form',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary:
          'Open a registration form: a signed token of when it was opened, and the least time before it may be sent',
        response: { 200: registrationFormTokenSchema },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return registration.formToken();
    },
  );

  r.post(
    '/registration',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Create an account (default profile, region by country, sign-up packages, confirmation mail)',
        description:
          "400 with the form's messages (accounts spec 5), or 'Usuario ya existente…' when the email is taken; 429 past the per-address limit. The app signs in afterwards with POST /login.",
        body,
        response: { 201: registrationResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const created = await registration.register(request.body, request.ip);
      noStore(reply);
      return reply.code(201).send(created);
    },
  );
}

/** The address confirmation: the mail's link, and a new mail for the signed-in account. */
function confirmationRoutes(app: FastifyInstance, registration: RegistrationService, auth: Authenticator): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/registration/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Confirm an email address with the token of the registration mail’s link (single use, 7 days)',
        body: emailConfirmationRequestSchema,
        response: { 200: messageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await registration.confirm(request.body.token);
      return { message: EMAIL_CONFIRMED };
    },
  );

  r.post(
    '/registration/confirmation-mail',
    {
      schema: {
        tags: ['identity'],
        summary: 'Mail the signed-in, unconfirmed account a new confirmation link',
        response: { 200: messageSchema, ...errorResponses(401, 409, 429) },
      },
      onRequest: auth.requireUser,
    },
    async (request) => {
      await registration.resendConfirmation(auth.userOf(request).userId);
      return { message: CONFIRMATION_MAIL_SENT };
    },
  );
}
