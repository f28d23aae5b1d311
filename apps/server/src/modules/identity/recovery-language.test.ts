import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { BASICO } from './test-support';

const kinds = await databaseKinds();

/** Issue 26: the recovery mail is written in the language the app was in when it was asked for. */
describe.each(kinds)('recovery mail language on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.sql.deleteFrom('loginAttempts').execute();
  });

  const ask = (payload: Record<string, unknown>, ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/tb-user/passwordRecovery', payload, remoteAddress: ip });
  const newest = () =>
    ctx.sql
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', BASICO.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('in English, German, or Spanish when the app names no language', async () => {
    expect((await ask({ email: BASICO.email, language: 'en' }, '10.26.2.1')).statusCode).toBe(200);
    const en = await newest();
    expect(en.subject).toBe('Reset your Pantalla password');
    expect(en.text).toMatch(/^Hello,\n/);
    expect(en.html).toContain('Choose a new password');
    expect((await ask({ email: BASICO.email, language: 'de' }, '10.26.2.2')).statusCode).toBe(200);
    expect((await newest()).subject).toBe('Setzen Sie Ihr Pantalla-Passwort zurück');
    ctx.clock.advance(60 * 60 * 1000);
    expect((await ask({ email: BASICO.email }, '10.26.2.3')).statusCode).toBe(200);
    expect((await newest()).subject).toBe('Restablece tu contraseña de Pantalla');
    expect((await ask({ email: BASICO.email, language: 'fr' }, '10.26.2.4')).statusCode).toBe(400);
    ctx.clock.advance(60 * 60 * 1000);
  });
});
