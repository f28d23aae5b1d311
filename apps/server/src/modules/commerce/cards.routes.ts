import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cardConfirmRequestSchema,
  cardConfirmResponseSchema,
  cardOnFileResponseSchema,
  cardSetupResponseSchema,
  PURCHASES_UNAVAILABLE,
} from '@pantalla/contracts';
import { forbidden } from '../../platform/errors';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from '../identity';
import type { CardsService } from './cards.service';

const tags = ['commerce'];

/** The languages the card field speaks; anything else gets es. */
const CARD_FIELD_LOCALES = new Set(['es', 'en', 'de']);

/**
 * The card field's address in the request's language: its `locale` parameter (es, en, de)
 * from Accept-Language; the app may set it again from its own language setting.
 */
export function cardFormUrlIn(url: string, acceptLanguage: string | undefined): string {
  const tag = (acceptLanguage ?? '').trim().toLowerCase().slice(0, 2);
  const locale = CARD_FIELD_LOCALES.has(tag) ? tag : 'es';
  const [path, query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('locale', locale);
  return `${path ?? ''}?${params.toString()}`;
}

/** The card on file: shown, saved or replaced through a setup intent, removed. Signed in; nothing without a provider. */
export async function cardRoutes(
  app: FastifyInstance,
  service: CardsService,
  auth: Authenticator,
  cardFormUrl: () => string,
  selling: boolean,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Refused before the body is read: no provider, no card.
  const refuseWhenOff = async () => {
    if (!selling) throw forbidden(PURCHASES_UNAVAILABLE);
  };
  const onRequest = [auth.requireUser, refuseWhenOff];
  const lang = (request: FastifyRequest) => request.headers['accept-language'];

  api.get(
    '/payments/card',
    {
      schema: {
        tags,
        summary: 'La tarjeta guardada del usuario (marca, últimas cuatro cifras, caducidad) o null',
        response: { 200: cardOnFileResponseSchema, ...errorResponses(401, 402, 403, 503) },
      },
      onRequest,
    },
    async (request, reply) => {
      noStore(reply);
      return service.card(auth.userOf(request).userId);
    },
  );
  api.post(
    '/payments/card/setup',
    {
      schema: {
        tags,
        summary: 'Empieza a guardar o cambiar la tarjeta: un SetupIntent que confirma el campo de tarjeta',
        response: { 200: cardSetupResponseSchema, ...errorResponses(401, 402, 403, 503) },
      },
      onRequest,
    },
    async (request, reply) => {
      noStore(reply);
      const user = auth.userOf(request);
      return service.setup({ userId: user.userId, email: user.email }, cardFormUrlIn(cardFormUrl(), lang(request)));
    },
  );
  api.post(
    '/payments/card/confirm',
    {
      schema: {
        tags,
        summary:
          'El servidor pregunta al proveedor por el SetupIntent; su tarjeta pasa a ser la de cobro y paga lo que quedó pendiente',
        body: cardConfirmRequestSchema,
        response: { 200: cardConfirmResponseSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 503) },
      },
      onRequest,
    },
    async (request, reply) => {
      noStore(reply);
      return service.confirm(auth.userOf(request).userId, request.body.setupIntentId);
    },
  );
  api.delete(
    '/payments/card',
    {
      schema: {
        tags,
        summary: 'Quita la tarjeta guardada (las renovaciones sin tarjeta fallan y entran en el periodo de gracia)',
        response: { 200: cardOnFileResponseSchema, ...errorResponses(401, 402, 403, 404, 503) },
      },
      onRequest,
    },
    async (request, reply) => {
      noStore(reply);
      return service.remove(auth.userOf(request).userId);
    },
  );
}
