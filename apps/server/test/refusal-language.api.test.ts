import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES, PAYMENT_CONNECTIVITY_ERROR, PURCHASES_UNAVAILABLE } from '@pantalla/contracts';
import {
  NO_CARD,
  PROMOTION_EXHAUSTED,
  PROMOTION_EXPIRED,
  PROMOTION_FIRST_PURCHASE,
  PROMOTION_INVALID,
  PROMOTION_WRONG_PRODUCT,
  SETUP_NOT_DONE,
  SETUP_NOT_FOUND,
} from '../src/modules/commerce/testing';
import { ACCOUNT_PASSWORD_WRONG } from '../src/modules/identity/testing';
import { PAYMENT_REFUSALS, REFUSAL_TRANSLATIONS } from '../src/platform/refusal-language';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { listenWithWork, payWithCard, until } from './payments';

const kinds = await databaseKinds();
const PASSWORD = 'Idioma-26-clave';

describe('refusal translations', () => {
  it('cover the refusals the commerce, card, promotion and account code throws, by their exact Spanish text', () => {
    const thrown = [
      PURCHASES_UNAVAILABLE,
      PAYMENT_CONNECTIVITY_ERROR,
      NO_CARD,
      SETUP_NOT_DONE,
      SETUP_NOT_FOUND,
      PROMOTION_INVALID,
      PROMOTION_EXPIRED,
      PROMOTION_EXHAUSTED,
      PROMOTION_WRONG_PRODUCT,
      PROMOTION_FIRST_PURCHASE,
      EMAIL_CHANGE_MESSAGES.same,
      EMAIL_CHANGE_MESSAGES.linkInvalid,
      EMAIL_CHANGE_MESSAGES.taken,
      ACCOUNT_PASSWORD_WRONG,
      ...Object.values(PAYMENT_REFUSALS),
    ];
    for (const text of thrown) expect(REFUSAL_TRANSLATIONS[text], text).toBeDefined();
  });
});

describe.each(kinds)('refusals and billing mails in the subscriber’s language on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  let accounts = 0;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    ({ base, stop } = await listenWithWork(ctx));
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
  });

  /** A fresh account, signed in with the password flow in the app's language (or none). */
  async function signedIn(language?: string): Promise<{ email: string; userId: number; auth: Record<string, string> }> {
    const email = `idioma.${kind}.${++accounts}@pantalla.test`;
    const account = await ctx.modules.identity.accounts.create({
      email,
      password: PASSWORD,
      name: 'Irene',
      surname: 'Idioma',
      pin: null,
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: language ? { 'accept-language': language } : {},
      payload: { flow: 'password', username: email, password: PASSWORD, rememberMe: false },
    });
    expect(login.statusCode, login.body).toBe(200);
    return {
      email,
      userId: account.id,
      auth: { authorization: `Bearer ${login.json<{ idToken: string }>().idToken}` },
    };
  }
  const languageOf = async (userId: number) =>
    (await ctx.sql.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirstOrThrow()).language;
  const unknownPurchase = (auth: Record<string, string>, language?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases/pur_noexiste0000/confirm',
      headers: language ? { ...auth, 'accept-language': language } : auth,
    });

  it('answers a refusal in the spec’s Spanish by default and in English or German when the request asks for them', async () => {
    const { auth } = await signedIn();
    const said = async (language?: string) => {
      const answer = await unknownPurchase(auth, language);
      expect(answer.statusCode, answer.body).toBe(404);
      return answer.json<{ code: string; message: string }>();
    };
    expect(await said()).toMatchObject({ code: 'not_found', message: 'No existe esa compra.' });
    expect((await said('es-ES,es;q=0.9')).message).toBe('No existe esa compra.');
    expect((await said('fr-FR')).message).toBe('No existe esa compra.');
    expect(await said('en')).toMatchObject({ code: 'not_found', message: 'That purchase does not exist.' });
    expect((await said('de-DE,de;q=0.9,en;q=0.8')).message).toBe('Diesen Kauf gibt es nicht.');
  });

  it('records the app’s language at sign-in and by PUT /account/language; other languages and strangers are refused', async () => {
    const silent = await signedIn();
    expect(await languageOf(silent.userId)).toBeNull();
    const english = await signedIn('en');
    expect(await languageOf(english.userId)).toBe('en');

    const put = (auth: Record<string, string>, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/v1/account/language', headers: auth, payload });
    expect((await put(english.auth, { language: 'de' })).statusCode).toBe(204);
    expect(await languageOf(english.userId)).toBe('de');
    const refused = await put(english.auth, { language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('Idioma no admitido: es, en o de.');
    expect((await put({}, { language: 'es' })).statusCode).toBe(401);
    expect(await languageOf(english.userId)).toBe('de');
    // A client that names none of ours changes nothing.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'accept-language': 'fr' },
      payload: { flow: 'password', username: english.email, password: PASSWORD, rememberMe: false },
    });
    expect(await languageOf(english.userId)).toBe('de');
  });

  it('sends the purchase mail in the account’s language', async () => {
    const { email, auth } = await signedIn('de');
    const ppv = await ctx.sql
      .selectFrom('products')
      .selectAll()
      .where('kind', '=', 'ppv')
      .where('fcEnd', '>', ctx.clock.now())
      .orderBy('fcEnd')
      .executeTakeFirstOrThrow();
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: auth,
      payload: { productId: ppv.id, holderName: 'Irene Idioma' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { purchaseId, clientSecret } = started.json<{ purchaseId: string; clientSecret: string }>();
    expect(
      (await payWithCard(base, ctx.config.payments.publishableKey, clientSecret, '4242424242424242')).body.status,
    ).toBe('succeeded');
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/purchases/${purchaseId}/confirm`, headers: auth })).json(),
    ).toMatchObject({ status: 'fulfilled' });
    const mail = await until('the purchase mail', async () => {
      await ctx.modules.paymentSandbox.deliverNow();
      return ctx.sql
        .selectFrom('outbox')
        .selectAll()
        .where('to', '=', email)
        .where('subject', 'like', 'Zahlungsbestätigung%')
        .executeTakeFirst();
    });
    expect(mail.text).toContain('inkl. MwSt.');
  });
});
