import { PACKAGE_IDS } from '../../src/modules/commerce';
import { buy, freshSubscriber, products } from '../operator-actions-fixtures';
import type { TestContext } from '../context';
import type { OperatorRequest, OperatorSamples } from './index';
import { builders } from '../builders';

const HOUR = 3600_000;
const reason = { reason: 'Muestra de la consola' };

/**
 * Each sample's call, made once per context: a fresh account hashes a password and a purchase
 * goes through the sandbox, and the role suite calls every sample once per caller (for its
 * payload only), which would otherwise repeat that work dozens of times.
 */
const made = new WeakMap<TestContext, Map<string, Promise<OperatorRequest>>>();
function once(
  key: string,
  build: (ctx: TestContext) => Promise<OperatorRequest>,
): (ctx: TestContext) => Promise<OperatorRequest> {
  return (ctx) => {
    const mine = made.get(ctx) ?? new Map<string, Promise<OperatorRequest>>();
    made.set(ctx, mine);
    let known = mine.get(key);
    if (!known) {
      known = build(ctx);
      mine.set(key, known);
    }
    return known;
  };
}

/** The subscriber page's actions, each on a fresh subscriber of its own (purchases through the sandbox). */
export const samples: OperatorSamples = {
  'POST /api/v1/operator/subscribers/{userId}/packages': once(
    'POST /api/v1/operator/subscribers/{userId}/packages',
    async (ctx) => {
      const { userId } = await freshSubscriber(ctx, 'muestra-concesion');
      return {
        url: `/api/v1/operator/subscribers/${userId}/packages`,
        payload: { packageId: PACKAGE_IDS.cine, endsAt: ctx.clock.now() + HOUR, ...reason },
      };
    },
  ),
  'POST /api/v1/operator/subscribers/{userId}/packages/{packageId}/revoke': once(
    'POST /api/v1/operator/subscribers/{userId}/packages/{packageId}/revoke',
    async (ctx) => {
      const { userId } = await freshSubscriber(ctx, 'muestra-retirada');
      return { url: `/api/v1/operator/subscribers/${userId}/packages/${PACKAGE_IDS.basic}/revoke`, payload: reason };
    },
  ),
  'POST /api/v1/operator/subscribers/{userId}/purchases/{purchaseId}/cancel': once(
    'POST /api/v1/operator/subscribers/{userId}/purchases/{purchaseId}/cancel',
    async (ctx) => {
      const { userId, auth } = await freshSubscriber(ctx, 'muestra-cancelacion');
      const purchaseId = await buy(ctx, await auth(), (await products(ctx)).subscription.id);
      return { url: `/api/v1/operator/subscribers/${userId}/purchases/${purchaseId}/cancel`, payload: reason };
    },
  ),
  'POST /api/v1/operator/subscribers/{userId}/purchases/{purchaseId}/refund': once(
    'POST /api/v1/operator/subscribers/{userId}/purchases/{purchaseId}/refund',
    async (ctx) => {
      const { userId, auth } = await freshSubscriber(ctx, 'muestra-devolucion');
      const purchaseId = await buy(ctx, await auth(), (await products(ctx)).ppv.id);
      return { url: `/api/v1/operator/subscribers/${userId}/purchases/${purchaseId}/refund`, payload: reason };
    },
  ),
  'POST /api/v1/operator/subscribers/{userId}/streams/{sessionId}/close': once(
    'POST /api/v1/operator/subscribers/{userId}/streams/{sessionId}/close',
    async (ctx) => {
      const { userId, auth } = await freshSubscriber(ctx, 'muestra-reproduccion');
      const opened = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        headers: await auth(),
        payload: {
          reference: { serviceName: 'muestra', type: 'LIVE', id: '1' },
          streamingProtocol: 'DASH',
          profileId: 0,
          deviceFingerprint: 'muestra',
        },
      });
      return { url: `/api/v1/operator/subscribers/${userId}/streams/${opened.json<{ id: string }>().id}/close` };
    },
  ),
  'POST /api/v1/operator/subscribers/{userId}/streams/close': once(
    'POST /api/v1/operator/subscribers/{userId}/streams/close',
    async (ctx) => {
      const { userId } = await freshSubscriber(ctx, 'muestra-reproducciones');
      return { url: `/api/v1/operator/subscribers/${userId}/streams/close` };
    },
  ),
  'POST /api/v1/operator/subscribers/{userId}/password-reset': once(
    'POST /api/v1/operator/subscribers/{userId}/password-reset',
    async (ctx) => {
      const { userId } = await freshSubscriber(ctx, 'muestra-correo');
      return { url: `/api/v1/operator/subscribers/${userId}/password-reset` };
    },
  ),
  'POST /api/v1/operator/subscribers/{userId}/lock': once(
    'POST /api/v1/operator/subscribers/{userId}/lock',
    async (ctx) => {
      const { userId } = await freshSubscriber(ctx, 'muestra-bloqueo');
      return { url: `/api/v1/operator/subscribers/${userId}/lock`, payload: reason };
    },
  ),
  'POST /api/v1/operator/subscribers/{userId}/unlock': once(
    'POST /api/v1/operator/subscribers/{userId}/unlock',
    async (ctx) => {
      const { userId } = await freshSubscriber(ctx, 'muestra-desbloqueo');
      await builders(ctx).updateUser(userId, { lockedAt: ctx.clock.now() });
      return { url: `/api/v1/operator/subscribers/${userId}/unlock`, payload: reason };
    },
  ),
};
