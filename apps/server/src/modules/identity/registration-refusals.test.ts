import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_REFUSALS } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { register, registrationForm } from './test-support';
import { REGISTRATION_ADDRESS_REFUSAL } from './registration.service';

const kinds = await databaseKinds();

/** Issue 26: the refusals the form shows, and a form refused for speed costing no attempt. */
describe.each(kinds)('registration refusals on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { REGISTRATION_ADDRESS_LIMIT: '3' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.sql.deleteFrom('loginAttempts').execute();
  });

  const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;
  const openForm = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/form' })).json<{
      formToken: string;
      minFillMs: number;
    }>();

  it('a form sent too fast uses up none of the address’s sign-ups', async () => {
    const ip = '10.26.1.1';
    // Far more too-fast sends than the limit allows: each says so, none counts.
    for (let i = 0; i < 6; i++) {
      const { formToken } = await openForm();
      const refused = await register(ctx, registrationForm({ formToken }), ip);
      expect([refused.statusCode, message(refused)]).toEqual([400, REGISTRATION_REFUSALS.tooFast]);
    }
    for (let i = 0; i < 3; i++) expect((await register(ctx, registrationForm(), ip)).statusCode).toBe(201);
    const limited = await register(ctx, registrationForm(), ip);
    expect(limited.statusCode).toBe(429);
    expect(message(limited).startsWith(`${REGISTRATION_ADDRESS_REFUSAL} Vuelve a intentarlo dentro de `)).toBe(true);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      data: { retryAfterSeconds: expect.any(Number) as number },
    });
    ctx.clock.advance(60 * 60 * 1000);
  });

  it('the same too-fast form, sent again once enough time has passed, makes the account', async () => {
    const { formToken, minFillMs } = await openForm();
    const form = registrationForm({ formToken });
    expect(message(await register(ctx, form, '10.26.1.2'))).toBe(REGISTRATION_REFUSALS.tooFast);
    ctx.clock.advance(minFillMs);
    expect((await register(ctx, form, '10.26.1.2')).statusCode).toBe(201);
  });

  it('other refusals still count (a taken e-mail, the honeypot)', async () => {
    const ip = '10.26.1.3';
    for (let i = 0; i < 3; i++)
      expect((await register(ctx, registrationForm({ website: 'https://spam.example' }), ip)).statusCode).toBe(400);
    expect((await register(ctx, registrationForm(), ip)).statusCode).toBe(429);
    ctx.clock.advance(60 * 60 * 1000);
  });
});
