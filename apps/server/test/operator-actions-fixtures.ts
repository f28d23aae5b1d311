import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PACKAGE_IDS } from '../src/modules/commerce';
import type { TestContext } from './context';
import { bearerFor } from './auth';
import { allSandboxEventsDelivered, listenWithWork, payWithCard } from './payments';

export const SUBSCRIBER_PASSWORD = 'Abonado-27-clave';

/** A fresh subscriber of its own (a test's purchases and audit rows are its own). */
export async function freshSubscriber(
  ctx: TestContext,
  tag: string,
): Promise<{ userId: number; email: string; auth: () => Promise<Record<string, string>> }> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@pantalla.test`;
  const user = await ctx.modules.identity.accounts.create({
    email,
    password: SUBSCRIBER_PASSWORD,
    name: 'Abonada',
    surname: 'Consola',
    pin: null,
  });
  // What a sign-up grants (the basic package), so its streams open.
  await ctx.modules.commerce.entitlements.grant(user.id, [PACKAGE_IDS.basic], 'registration');
  return { userId: user.id, email, auth: () => bearerFor(ctx, email) };
}

const listening = new WeakMap<TestContext, Promise<{ base: string; stop(): Promise<void> }>>();
/** The server listening with its work (the Stripe client reaches the sandbox over HTTP); once per context. */
export function listenOnce(ctx: TestContext): Promise<{ base: string; stop(): Promise<void> }> {
  let known = listening.get(ctx);
  if (!known) {
    known = listenWithWork(ctx);
    listening.set(ctx, known);
  }
  return known;
}

/** Every sandbox event delivered to our webhook. */
export const delivered = (ctx: TestContext) => allSandboxEventsDelivered(ctx);

/** The subscriber buys a product with a test card through the API, as the checkout does; answers the purchase id. */
export async function buy(ctx: TestContext, auth: Record<string, string>, productId: number): Promise<string> {
  const { base } = await listenOnce(ctx);
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/purchases',
    headers: auth,
    payload: { productId, holderName: 'Abonada Consola' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { purchaseId, clientSecret } = started.json<{ purchaseId: string; clientSecret: string }>();
  expect(
    (await payWithCard(base, ctx.config.payments.publishableKey, clientSecret, '4242424242424242')).body.status,
  ).toBe('succeeded');
  expect(
    (await ctx.app.inject({ method: 'POST', url: `/api/v1/purchases/${purchaseId}/confirm`, headers: auth })).json(),
  ).toMatchObject({ status: 'fulfilled' });
  await delivered(ctx);
  return purchaseId;
}

/** A pay-per-view on sale now and a subscription without a trial. */
export async function products(
  ctx: TestContext,
): Promise<{ ppv: { id: number; packageId: number }; subscription: { id: number; packageId: number } }> {
  const now = ctx.clock.now();
  const ppv = await ctx.sql
    .selectFrom('products')
    .select(['id', 'packageId'])
    .where('kind', '=', 'ppv')
    .where('active', '=', 1)
    .where('fcEnd', '>', now)
    .orderBy('fcEnd')
    .executeTakeFirstOrThrow();
  const subscription = await ctx.sql
    .selectFrom('products')
    .select(['id', 'packageId'])
    .where('kind', '=', 'subscription')
    .where('active', '=', 1)
    .where('trialDays', '=', 0)
    .where('packageId', '!=', PACKAGE_IDS.basic)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { ppv, subscription };
}
