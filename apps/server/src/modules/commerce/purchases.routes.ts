import type {
  FastifyBaseLogger,
  FastifyInstance,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { declareScope } from '../../platform/access';
import { framedPagePolicy } from '../../platform/security-headers';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingAlertSchema,
  cardFieldResponseSchema,
  confirmPurchaseResponseSchema,
  ownedPurchaseSchema,
  paymentsStatusSchema,
  PURCHASES_UNAVAILABLE,
  purchaseIdParamsSchema,
  purchasesResponseSchema,
  startPurchaseRequestSchema,
  startPurchaseResponseSchema,
  switchSubscriptionRequestSchema,
} from '@pantalla/contracts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { errorResponses, noStore } from '../../platform/http';
import { profileHeaderOf, type Authenticator, type PurchaseGuard } from '../identity';
import { BadSignatureError, type PaymentProvider } from './payments/provider';
import { stripeCardPage } from './payments/stripe-card-page';
import type { PurchasesService } from './purchases.service';

const tags = ['commerce'];

type FastifyZod = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The webhook path the payment provider posts its events to (under /api/v1). */
export const WEBHOOK_PATH = '/payments/webhook';

/** How this server takes payments, as the routes need to know it. */
export interface PurchaseRouteOptions {
  provider: 'sandbox' | 'stripe' | 'none';
  stagingSandbox: boolean;
}

/** Purchases (signed in) and the provider's webhook (public, its signature checked). */
export async function purchaseRoutes(
  app: FastifyInstance,
  service: PurchasesService,
  payments: PaymentProvider,
  needs: { auth: Authenticator; purchaseGuard: PurchaseGuard },
  nowMs: () => number,
  options: PurchaseRouteOptions,
): Promise<void> {
  const { auth, purchaseGuard: guard } = needs;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const selling = options.provider !== 'none';
  // Without a provider nothing is sold: refused before the body is read, the past purchases still listed.
  const refuseWhenOff = async () => {
    if (!selling) throw forbidden(PURCHASES_UNAVAILABLE);
  };
  const onRequest = [auth.requireUser, refuseWhenOff];

  api.get(
    '/payments/status',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Si este servidor vende, y si sus pagos son el sandbox de pruebas en producción (staging)',
        response: { 200: paymentsStatusSchema },
      },
    },
    async () => ({ purchases: selling, stagingSandbox: options.stagingSandbox }),
  );

  api.post(
    '/purchases',
    {
      schema: {
        tags,
        summary: 'Empieza una compra: el precio es el del producto en el servidor',
        body: startPurchaseRequestSchema,
        response: { 200: startPurchaseResponseSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 503) },
      },
      onRequest,
    },
    async (request, reply) => {
      noStore(reply);
      const user = auth.userOf(request);
      const { productId, holderName, useSavedCard, saveCard, promotionCode, accountPassword } = request.body;
      // A kids profile buys only with the account password, checked before anything is charged.
      await guard.check(user.userId, profileHeaderOf(request), user.signIn, accountPassword);
      return service.start({ userId: user.userId, email: user.email }, productId, holderName, {
        useSavedCard,
        saveCard,
        promotionCode,
      });
    },
  );
  api.post(
    '/purchases/:purchaseId/confirm',
    {
      schema: {
        tags,
        summary: 'El servidor pregunta al proveedor por el pago y, si se cobró, concede el paquete (una vez)',
        params: purchaseIdParamsSchema,
        response: { 200: confirmPurchaseResponseSchema, ...errorResponses(400, 401, 402, 403, 404, 503) },
      },
      onRequest,
    },
    async (request) => service.confirm(auth.userOf(request).userId, request.params.purchaseId),
  );
  api.get(
    '/purchases',
    {
      schema: {
        tags,
        summary: 'Las suscripciones y compras de pago por visión del usuario',
        response: { 200: purchasesResponseSchema, ...errorResponses(401) },
      },
      onRequest: auth.requireUser,
    },
    async (request, reply) => {
      noStore(reply);
      return service.list(auth.userOf(request).userId);
    },
  );
  api.post(
    '/purchases/:purchaseId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancela una suscripción al final del periodo pagado',
        params: purchaseIdParamsSchema,
        response: { 200: ownedPurchaseSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 503) },
      },
      onRequest,
    },
    async (request) => service.cancel(auth.userOf(request).userId, request.params.purchaseId),
  );
  lifecycleRoutes(api, service, auth, onRequest);
  cardFieldRoutes(api, service, onRequest, options.provider === 'stripe');
  await app.register(async (scope) => webhookRoute(scope, service, payments, nowMs));
}

/** Where the provider's card field lives, and Stripe.js's field inside our page (served only for Stripe: the sandbox serves its own). */
function cardFieldRoutes(
  api: FastifyZod,
  service: PurchasesService,
  onRequest: onRequestHookHandler[],
  stripeCardField: boolean,
): void {
  api.get(
    '/payments/card-field',
    {
      schema: {
        tags,
        summary: 'Dónde está el campo de tarjeta del proveedor (su propia ruta de origen)',
        response: { 200: cardFieldResponseSchema, ...errorResponses(401, 403, 503) },
      },
      onRequest,
    },
    async () => service.cardField(),
  );
  api.get(
    '/payments/stripe-card',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'El campo de tarjeta de Stripe.js (solo con PAYMENT_PROVIDER=stripe; público)' },
    },
    async (_request, reply) => {
      if (!stripeCardField) throw notFound();
      const page = stripeCardPage();
      const stripe = {
        script: ['https://js.stripe.com'],
        connect: ['https://api.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      };
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-security-policy', framedPagePolicy(page, stripe))
        .send(page);
    },
  );
}

/** A subscription's life after purchase: reactivation, switching product, the past-due banner. */
function lifecycleRoutes(
  api: FastifyZod,
  service: PurchasesService,
  auth: Authenticator,
  onRequest: onRequestHookHandler[],
): void {
  api.post(
    '/purchases/:purchaseId/reactivate',
    {
      schema: {
        tags,
        summary: 'Reactiva una suscripción cancelada antes de que acabe su periodo: vuelve a renovarse',
        params: purchaseIdParamsSchema,
        response: { 200: ownedPurchaseSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 503) },
      },
      onRequest,
    },
    async (request) => service.reactivate(auth.userOf(request).userId, request.params.purchaseId),
  );
  api.post(
    '/purchases/:purchaseId/switch',
    {
      schema: {
        tags,
        summary:
          'Cambia una suscripción a otro producto mensual: uno más caro al momento (se cobra la parte proporcional), otro en la próxima renovación',
        params: purchaseIdParamsSchema,
        body: switchSubscriptionRequestSchema,
        response: { 200: ownedPurchaseSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 503) },
      },
      onRequest,
    },
    async (request) => service.switchTo(auth.userOf(request).userId, request.params.purchaseId, request.body.productId),
  );
  api.get(
    '/billing/alert',
    {
      schema: {
        tags,
        summary: 'La suscripción del usuario cuyo último cobro falló y hasta cuándo sigue activa (o null)',
        response: { 200: billingAlertSchema, ...errorResponses(401) },
      },
      onRequest: auth.requireUser,
    },
    async (request, reply) => {
      noStore(reply);
      return service.alert(auth.userOf(request).userId);
    },
  );
}

/** Public: anyone may post, only a body signed with the webhook secret is acted on. */
async function webhookRoute(
  scope: FastifyInstance,
  service: PurchasesService,
  payments: PaymentProvider,
  nowMs: () => number,
): Promise<void> {
  // The signature covers the exact bytes, so the body stays text (in place of the app's JSON parser).
  declareScope(scope, 'public');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  scope.withTypeProvider<ZodTypeProvider>().post(
    WEBHOOK_PATH,
    {
      schema: {
        tags,
        summary: 'Webhook del proveedor de pagos (público; firma Stripe-Signature comprobada)',
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        body: z.string().max(256 * 1024),
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!signature) throw badRequest('Falta la firma Stripe-Signature.');
      let event;
      try {
        event = payments.verifyEvent(request.body, signature, nowMs());
      } catch (error) {
        if (error instanceof BadSignatureError) throw new AppError(400, 'bad_request', 'Firma del webhook no válida.');
        throw error;
      }
      await service.handleEvent(event);
      return { received: true as const };
    },
  );
}
