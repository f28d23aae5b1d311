import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_DEEP } from '../src/platform/body';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';

const kinds = await databaseKinds();

/** The built-in sandbox's API as an outsider probes it: keys first, hostile bodies answered 4xx. */
describe.each(kinds)("the payment sandbox's API on %s", (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, {}, { demo: false });
  }, 60_000);
  afterAll(async () => ctx?.close());

  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const secret = () => ({ authorization: `Bearer ${ctx.config.payments.secretKey}` });
  const post = (url: string, payload: string | Buffer, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url, payload, headers });
  const errorOf = (body: string) => (JSON.parse(body) as { error: { type: string; message: string } }).error;

  it('checks the key before reading the body: a prototype-key form without a key is 401 and writes nothing anywhere', async () => {
    for (const body of ['__proto__[headers][x-planted]=1&__proto__[x]=1', 'constructor[prototype][x]=1']) {
      const anonymous = await post('/v1/customers', body, form);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous.body).message).toBe('Invalid API Key provided.');
      expect((await post('/v1/customers', body, { ...form, authorization: 'Bearer sk_test_wrong' })).statusCode).toBe(
        401,
      );
    }
    // A body past the route's limit is not even read without the key: 401, not 413.
    const unread = await post('/v1/customers', `email=${'a'.repeat(200_000)}`, form);
    expect(unread.statusCode).toBe(401);
    expect(unread.headers.connection).toBe('close');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(({} as Record<string, unknown>).headers).toBeUndefined();
    const after = await post('/v1/customers', 'email=a', form);
    expect(after.headers['x-planted']).toBeUndefined();
  });

  it('refuses prototype keys with the secret key too (400), and still reads ordinary forms', async () => {
    for (const body of [
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      'metadata[__proto__][x]=1',
      'email=a&metadata%5Bconstructor%5D=1',
    ]) {
      const answer = await post('/v1/customers', body, { ...form, ...secret() });
      expect(answer.statusCode, body).toBe(400);
      expect(errorOf(answer.body).type).toBe('invalid_request_error');
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(await ctx.sql.selectFrom('sandboxObjects').select('id').execute()).toEqual([]);
    const customer = await post('/v1/customers', 'email=ana%40example.com&metadata[userId]=7', {
      ...form,
      ...secret(),
    });
    expect(customer.statusCode).toBe(200);
    expect(customer.json()).toMatchObject({ object: 'customer', email: 'ana@example.com', metadata: { userId: '7' } });
  });

  it('answers deep JSON 400, an unknown Content-Encoding 415 and a broken gzip 400, never 500', async () => {
    const deep = `{"email":${'['.repeat(40)}${']'.repeat(40)}}`;
    const tooDeep = await post('/v1/customers', deep, { 'content-type': 'application/json', ...secret() });
    expect(tooDeep.statusCode).toBe(400);
    expect(errorOf(tooDeep.body)).toEqual({ type: 'invalid_request_error', message: TOO_DEEP });
    const unknown = await post('/v1/customers', 'email=a', { ...form, 'content-encoding': 'zstd', ...secret() });
    expect(unknown.statusCode).toBe(415);
    expect(errorOf(unknown.body).type).toBe('invalid_request_error');
    expect(
      (
        await post('/v1/customers', Buffer.from('not gzip at all'), {
          ...form,
          'content-encoding': 'gzip',
          ...secret(),
        })
      ).statusCode,
    ).toBe(400);
    expect((await post('/v1/customers', `a${'[b]'.repeat(20)}=1`, { ...form, ...secret() })).statusCode).toBe(400);
    // The publishable key's route too.
    const confirm = await post('/v1/payment_intents/pi_1/confirm', deep, {
      'content-type': 'application/json',
      authorization: `Bearer ${ctx.config.payments.publishableKey}`,
    });
    expect(confirm.statusCode).toBe(400);
  });
});
