import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { declareScope, hasUnreadBody } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { framedPagePolicy } from '../../platform/security-headers';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FormRefusedError, parseStripeForm, type FormObject } from './form-body';
import { StripeApiError, type Json } from './objects';
import { amountText, cardFieldPage, challengePage } from './pages';
import { cardLocaleOf, type CardLocale } from './cards';
import { ObjectChangedError } from './sandbox.repository';
import type { SandboxRepository } from './sandbox.repository';
import type { PaymentSandbox } from './sandbox.service';
import { SandboxRefunds } from './refunds';

export interface SandboxKeys {
  secretKey: string;
  publishableKey: string;
}

const anyObject = z.record(z.string(), z.unknown());
const idParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_]{1,64}$/) });
const stripeAnswers = {
  200: anyObject,
  400: anyObject,
  401: anyObject,
  402: anyObject,
  404: anyObject,
  409: anyObject,
};
const tags = ['payment-sandbox'];

function langOf(request: FastifyRequest): CardLocale {
  return cardLocaleOf(request.headers['accept-language']);
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

function unauthorised(): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
}

/** Stripe's error body for anything that goes wrong inside the sandbox's API. */
function stripeErrors(api: FastifyInstance): void {
  api.setErrorHandler((error, request, reply) => {
    // Refused before its body was read (a wrong key): close rather than drain what nobody will use.
    if (hasUnreadBody(request)) reply.header('connection', 'close');
    if (error instanceof StripeApiError) return reply.status(error.status).send({ error: error.error });
    if (error instanceof FormRefusedError)
      return reply.status(400).send({
        error: {
          type: 'invalid_request_error',
          message: error.message,
          ...(error.param ? { param: error.param } : {}),
        },
      });
    if (error instanceof ObjectChangedError) {
      return reply.status(409).send({
        error: {
          type: 'invalid_request_error',
          code: 'lock_timeout',
          message:
            'This object cannot be accessed right now because another API request or Stripe process is currently accessing it.',
        },
      });
    }
    // The platform's body checks (JSON too deep, an unknown Content-Encoding, an inflated bomb) carry `status`; Fastify's own errors `statusCode`.
    const status = error instanceof AppError ? error.status : ((error as { statusCode?: number }).statusCode ?? 500);
    if (status >= 400 && status < 500)
      return reply.status(status).send({ error: { type: 'invalid_request_error', message: (error as Error).message } });
    request.log.error({ err: error }, 'payment sandbox failed');
    return reply.status(500).send({ error: { type: 'api_error', message: 'An unknown error occurred.' } });
  });
}

/**
 * Answers a secret-key call once per Idempotency-Key: a retried request (the Stripe client
 * retries on network errors) gets the first answer instead of doing the work twice.
 */
async function once(
  repo: SandboxRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  now: number,
  work: () => Promise<Json>,
): Promise<Json> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return work();
  const scoped = `${request.method} ${request.url.split('?')[0] ?? ''} ${key}`.slice(0, 200);
  const known = await repo.idempotent(scoped);
  if (known) {
    reply.status(known.status);
    return JSON.parse(known.body) as Json;
  }
  const answer = await work();
  await repo.remember(scoped, 200, JSON.stringify(answer), now);
  return answer;
}

/** The sandbox's Stripe API (/v1/..., as api.stripe.com serves it) and its pages (/payments-sandbox/...). */
export async function sandboxRoutes(
  app: FastifyInstance,
  sandbox: PaymentSandbox,
  repo: SandboxRepository,
  keys: SandboxKeys,
  now: () => number,
): Promise<void> {
  await app.register(async (scope) => {
    // The provider's own API and pages: its secret key (or none, for its pages) decides, not our sign-in.
    declareScope(scope, 'public');
    stripeErrors(scope);
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseStripeForm(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    const c = sandboxApi(scope, sandbox, repo, keys, now);
    objectRoutes(c);
    subscriptionRoutes(c);
    cardRoutes(c);
    pageRoutes(scope, sandbox, langOf);
  });
}

/** What the groups of API routes share: the typed scope, the key checks (at onRequest, before a byte of the body is read) and the body readers. */
function sandboxApi(
  scope: FastifyInstance,
  sandbox: PaymentSandbox,
  repo: SandboxRepository,
  keys: SandboxKeys,
  now: () => number,
) {
  const secret = async (request: FastifyRequest) => {
    if (bearer(request) !== keys.secretKey) throw unauthorised();
  };
  const eitherKey = async (request: FastifyRequest) => {
    const key = bearer(request);
    if (key !== keys.secretKey && key !== keys.publishableKey) throw unauthorised();
  };
  return {
    api: scope.withTypeProvider<ZodTypeProvider>(),
    sandbox,
    repo,
    keys,
    secret,
    eitherKey,
    query: (request: FastifyRequest): FormObject => parseStripeForm(request.url.split('?')[1] ?? ''),
    form: (request: FastifyRequest): FormObject =>
      request.body && typeof request.body === 'object' ? (request.body as FormObject) : {},
    post: (summary: string) => ({
      schema: { tags, summary, params: idParams.partial(), body: anyObject.nullish(), response: stripeAnswers },
      onRequest: secret,
    }),
    read: (summary: string) => ({
      schema: { tags, summary, params: idParams, response: stripeAnswers },
      onRequest: secret,
    }),
    list: (summary: string) => ({ schema: { tags, summary, response: stripeAnswers }, onRequest: secret }),
    once: (request: FastifyRequest, reply: FastifyReply, work: () => Promise<Json>) =>
      once(repo, request, reply, now(), work),
    now,
  };
}
type SandboxApi = ReturnType<typeof sandboxApi>;

/** Customers, products, prices, payment intents, the test clock, coupons and refunds. */
function objectRoutes({ api, sandbox, repo, form, query, post, read, list, once, now }: SandboxApi): void {
  api.post('/v1/customers', post('Sandbox: crea un cliente'), (req, reply) =>
    once(req, reply, () => sandbox.createCustomer(form(req))),
  );
  api.post('/v1/customers/:id', post('Sandbox: cambia la tarjeta por defecto de un cliente'), (req, reply) =>
    once(req, reply, () => sandbox.updateCustomer(String(req.params.id), form(req))),
  );
  api.post('/v1/products', post('Sandbox: crea un producto'), (req, reply) =>
    once(req, reply, () => sandbox.createProduct(form(req))),
  );
  api.post('/v1/prices', post('Sandbox: crea un precio de un producto (único o recurrente)'), (req, reply) =>
    once(req, reply, () => sandbox.prices.create(form(req))),
  );
  api.get('/v1/prices/:id', read('Sandbox: un precio'), (req) => sandbox.prices.retrieve(req.params.id));
  api.post('/v1/payment_intents', post('Sandbox: crea un PaymentIntent'), (req, reply) =>
    once(req, reply, () => sandbox.createPaymentIntent(form(req))),
  );
  api.post('/v1/subscriptions', post('Sandbox: crea una suscripción'), (req, reply) =>
    once(req, reply, () => sandbox.createSubscription(form(req))),
  );
  api.post(
    '/v1/subscriptions/:id',
    post('Sandbox: cambia una suscripción (cancelar al final del periodo, precio, metadatos)'),
    (req, reply) => once(req, reply, () => sandbox.updateSubscription(String(req.params.id), form(req))),
  );
  api.post('/v1/test_helpers/test_clocks/:id/advance', post('Sandbox: adelanta el reloj de pruebas'), async (req) => {
    const frozen = Number(form(req).frozen_time);
    if (!Number.isInteger(frozen) || frozen <= 0)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Invalid integer: frozen_time',
        param: 'frozen_time',
      });
    return sandbox.advanceClock(frozen);
  });
  // Coupons and promotion codes (coupons.ts): a subscription created with one is discounted while it lasts.
  api.post('/v1/coupons', post('Sandbox: crea un cupón'), (req, reply) =>
    once(req, reply, () => sandbox.coupons.createCoupon(form(req))),
  );
  api.get('/v1/coupons/:id', read('Sandbox: un cupón'), (req) => sandbox.coupons.retrieveCoupon(req.params.id));
  api.post('/v1/promotion_codes', post('Sandbox: crea un código promocional'), (req, reply) =>
    once(req, reply, () => sandbox.coupons.createPromotionCode(form(req))),
  );
  api.get('/v1/promotion_codes', list('Sandbox: los códigos promocionales con un texto'), (req) =>
    sandbox.coupons.listPromotionCodes(query(req)),
  );
  api.get('/v1/promotion_codes/:id', read('Sandbox: un código promocional'), (req) =>
    sandbox.coupons.retrievePromotionCode(req.params.id, query(req)),
  );
  // Refunds (commerce's operator refund): a payment intent's, in full or in part.
  const refunds = new SandboxRefunds(repo, sandbox, now);
  api.post('/v1/refunds', post('Sandbox: devuelve un pago, entero o en parte'), (req, reply) =>
    once(req, reply, () => refunds.create(form(req))),
  );
  api.get('/v1/refunds', list('Sandbox: las devoluciones de un PaymentIntent'), (req) => refunds.list(query(req)));
  api.get('/v1/refunds/:id', read('Sandbox: una devolución'), (req) => refunds.retrieve(req.params.id));
}

/** Subscriptions and their invoices. */
function subscriptionRoutes({ api, sandbox, form, query, post, read, list, once }: SandboxApi): void {
  api.get('/v1/subscriptions/:id', read('Sandbox: una suscripción'), (req) =>
    sandbox.retrieveSubscription(req.params.id, query(req)),
  );
  api.delete('/v1/subscriptions/:id', read('Sandbox: cancela una suscripción ya'), (req, reply) =>
    once(req, reply, () => sandbox.cancelSubscription(req.params.id)),
  );
  api.get('/v1/invoices', list('Sandbox: las facturas de una suscripción'), (req) => sandbox.listInvoices(query(req)));
  api.get('/v1/invoices/:id', read('Sandbox: una factura'), (req) => sandbox.retrieveInvoice(req.params.id));
  api.post('/v1/invoices/:id/pay', post('Sandbox: cobra ya una factura abierta'), (req, reply) =>
    once(req, reply, () => sandbox.payInvoice(String(req.params.id), form(req))),
  );
}

/** Payment intents confirmed by the card field, the card on file (setup intents) and saved payment methods. */
function cardRoutes({ api, sandbox, keys, form, query, post, read, list, eitherKey, once }: SandboxApi): void {
  // The publishable key may read and confirm a payment intent, given its client secret (as Stripe.js does).
  api.get(
    '/v1/payment_intents/:id',
    {
      schema: { tags, summary: 'Sandbox: un PaymentIntent', params: idParams, response: stripeAnswers },
      onRequest: eitherKey,
    },
    (req) => {
      if (bearer(req) === keys.secretKey) return sandbox.retrievePaymentIntent(req.params.id, null);
      return sandbox.retrievePaymentIntent(req.params.id, String(query(req).client_secret ?? ''));
    },
  );
  api.post(
    '/v1/payment_intents/:id/confirm',
    {
      schema: {
        tags,
        summary: 'Sandbox: confirma un PaymentIntent con una tarjeta de prueba',
        params: idParams,
        body: anyObject.nullish(),
        response: stripeAnswers,
      },
      onRequest: eitherKey,
    },
    (req) => sandbox.confirmPaymentIntent(req.params.id, form(req), bearer(req) === keys.publishableKey, langOf(req)),
  );
  // The card on file: setup intents (confirmed by the card field like payment intents) and saved payment methods.
  api.post('/v1/setup_intents', post('Sandbox: crea un SetupIntent (guardar una tarjeta)'), (req, reply) =>
    once(req, reply, () => sandbox.cards.createSetupIntent(form(req))),
  );
  api.get(
    '/v1/setup_intents/:id',
    {
      schema: { tags, summary: 'Sandbox: un SetupIntent', params: idParams, response: stripeAnswers },
      onRequest: eitherKey,
    },
    (req) =>
      sandbox.cards.retrieveSetupIntent(
        req.params.id,
        bearer(req) === keys.secretKey ? null : String(query(req).client_secret ?? ''),
      ),
  );
  api.post(
    '/v1/setup_intents/:id/confirm',
    {
      schema: {
        tags,
        summary: 'Sandbox: confirma un SetupIntent con una tarjeta de prueba',
        params: idParams,
        body: anyObject.nullish(),
        response: stripeAnswers,
      },
      onRequest: eitherKey,
    },
    (req) =>
      sandbox.cards.confirmSetupIntent(req.params.id, form(req), bearer(req) === keys.publishableKey, langOf(req)),
  );
  api.get('/v1/customers/:id', read('Sandbox: un cliente (con su tarjeta por defecto)'), (req) =>
    sandbox.cards.retrieveCustomer(req.params.id, query(req)),
  );
  api.get('/v1/payment_methods', list('Sandbox: las tarjetas guardadas de un cliente'), (req) =>
    sandbox.cards.listPaymentMethods(query(req)),
  );
  api.get('/v1/payment_methods/:id', read('Sandbox: un PaymentMethod'), (req) =>
    sandbox.cards.retrievePaymentMethod(req.params.id),
  );
  api.post('/v1/payment_methods/:id/detach', post('Sandbox: quita una tarjeta guardada de su cliente'), (req) =>
    sandbox.cards.detachPaymentMethod(String(req.params.id)),
  );
}

function pageRoutes(api: FastifyInstance, sandbox: PaymentSandbox, lang: (r: FastifyRequest) => CardLocale): void {
  const html = (reply: FastifyReply, body: string) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'SAMEORIGIN')
      .header('content-security-policy', framedPagePolicy(body))
      .send(body);
  api.get(
    '/payments-sandbox/elements/card',
    { schema: { tags, summary: 'Sandbox: el campo de tarjeta (página del proveedor, en un iframe)' } },
    (req, reply) =>
      html(
        reply,
        cardFieldPage(cardLocaleOf((req.query as { locale?: unknown } | undefined)?.locale as string | undefined)),
      ),
  );
  const typed = api.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/payments-sandbox/3ds/:id',
    {
      schema: {
        tags,
        summary: 'Sandbox: la página de autenticación 3-D Secure',
        params: idParams,
        querystring: z.object({ client_secret: z.string().max(200).optional() }).loose(),
      },
    },
    async (req, reply) => {
      const locale = cardLocaleOf(typeof req.query.locale === 'string' ? req.query.locale : undefined);
      // A setup intent charges nothing: its challenge authorises saving the card.
      if (req.params.id.startsWith('seti_')) {
        await sandbox.cards.retrieveSetupIntent(req.params.id, req.query.client_secret ?? '');
        return html(reply, challengePage(null, locale));
      }
      const pi = await sandbox.retrievePaymentIntent(req.params.id, req.query.client_secret ?? '');
      return html(reply, challengePage(amountText(Number(pi.amount), String(pi.currency), locale), locale));
    },
  );
  typed.post(
    '/payments-sandbox/3ds/:id',
    {
      schema: {
        tags,
        summary: 'Sandbox: completa o falla la autenticación 3-D Secure',
        params: idParams,
        body: z.object({ client_secret: z.string().max(200), passed: z.boolean() }),
        response: stripeAnswers,
      },
    },
    (req) =>
      req.params.id.startsWith('seti_')
        ? sandbox.cards.completeSetupChallenge(req.params.id, req.body.client_secret, req.body.passed, lang(req))
        : sandbox.completeChallenge(req.params.id, req.body.client_secret, req.body.passed, lang(req)),
  );
}
