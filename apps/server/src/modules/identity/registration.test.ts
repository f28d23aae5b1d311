import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES as M, REGISTRATION_REFUSALS } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { BASICO, bearer, formToken, register, registrationForm, signIn } from './test-support';

const kinds = await databaseKinds();

describe.each(kinds)('registration on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { PUBLIC_URL: 'https://tv.example.test' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.sql.deleteFrom('loginAttempts').execute();
  });

  const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;
  const usersWith = async (email: string) =>
    (await ctx.sql.selectFrom('users').selectAll().where('email', '=', email).execute()).length;

  it('creates the account with a slow hash, the default profile and the sign-up packages; it can sign in', async () => {
    const form = registrationForm({ login: 'Lucia.Perez@Pantalla.test' });
    const res = await register(ctx, form);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'lucia.perez@pantalla.test', regionId: 1, emailConfirmed: false });
    const user = await ctx.sql
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'lucia.perez@pantalla.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      name: 'Lucía',
      surname: 'Pérez Gómez',
      country: 'ES',
      favouriteSport: 'futbol',
      birthday: '1990-05-17',
      emailConfirmedAt: null,
    });
    expect(user.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    const profiles = await ctx.sql.selectFrom('profiles').selectAll().where('userId', '=', user.id).execute();
    expect(profiles.map((p) => ({ name: p.name, isAdult: p.isAdult }))).toEqual([{ name: 'Default', isAdult: 1 }]);

    const session = await signIn(ctx, { username: 'lucia.perez@pantalla.test', password: 'secreto1' });
    const packages = await ctx.app.inject({ method: 'GET', url: '/api/v1/packages', headers: bearer(session.idToken) });
    expect(packages.json<{ ownedPackageIds: number[] }>().ownedPackageIds.sort((a, b) => a - b)).toEqual([1, 5001]);
    const grants = await ctx.sql
      .selectFrom('entitlements')
      .select(['packageId', 'source'])
      .where('userId', '=', user.id)
      .execute();
    expect(grants.every((g) => g.source === 'registration')).toBe(true);
  });

  it('answers each rule of the form with its message, verbatim', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '  ' }, M.nameRequired],
      [{ username: 'R2-D2' }, M.nameLetters],
      [{ user_secondname: 'O’Neill' }, M.nameLetters],
      [{ login: '' }, M.emailRequired],
      [{ login: 'lucia@' }, M.emailInvalid],
      [{ passw: '' }, M.passwordRequired],
      [{ passw: '12345' }, M.passwordLength],
      [{ passw: 'x'.repeat(31) }, M.passwordLength],
      [{ country: '' }, M.countryRequired],
      [{ country: 'XX' }, M.countryRequired],
      [{ sport: '' }, M.sportRequired],
      [{ sport: 'quidditch' }, M.sportRequired],
      [{ birthday: '' }, M.birthdayRequired],
      [{ birthday: '1899-12-31' }, M.birthdayInvalid],
      [{ birthday: `${new Date(ctx.clock.now()).getUTCFullYear() + 1}-01-01` }, M.birthdayInvalid],
      [{ birthday: '1990-02-30' }, M.birthdayInvalid],
    ];
    for (const [overrides, expected] of cases) {
      const res = await register(ctx, registrationForm(overrides), '10.50.0.1');
      expect({ overrides, status: res.statusCode, message: message(res) }).toEqual({
        overrides,
        status: 400,
        message: expected,
      });
      await ctx.sql.deleteFrom('loginAttempts').execute();
    }
    // Several problems at once: every message, in the form's order.
    const all = await register(ctx, { form: 'register' });
    expect(all.statusCode).toBe(400);
    expect(message(all)).toBe(
      [
        M.nameRequired,
        M.emailRequired,
        M.passwordRequired,
        M.countryRequired,
        M.sportRequired,
        M.birthdayRequired,
      ].join(' '),
    );
  });

  it('accepts six characters and thirty; two-step (a product we sell) skips the letters check; the simple form needs no country or sport', async () => {
    // Six characters that are not on the common-password list ('123456' is its first entry).
    expect((await register(ctx, registrationForm({ passw: 'k7#qZp' }))).statusCode).toBe(201);
    expect((await register(ctx, registrationForm({ passw: 'x'.repeat(30) }))).statusCode).toBe(201);
    expect((await register(ctx, registrationForm({ product: '2', username: 'R2-D2' }))).statusCode).toBe(201);
    const simple = await register(ctx, registrationForm({ form: 'gearup', country: '', sport: '' }));
    expect(simple.statusCode).toBe(201);
    const row = await ctx.sql
      .selectFrom('users')
      .selectAll()
      .where('id', '=', simple.json<{ userId: number }>().userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ country: null, favouriteSport: null, regionId: 1 });
  });

  it('tells visitors the operator and its provider (the result and privacy pages name them)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/operator' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ operator: 'Pantalla', provider: 'Pantalla Soporte' });
  });

  it('a taken email is HTTP 400 with the spec’s message, whatever its case', async () => {
    const res = await register(ctx, registrationForm({ login: BASICO.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(M.emailTaken);
  });

  it('ten simultaneous registrations with one email make exactly one account', async () => {
    const email = `carrera-${kind}@pantalla.test`;
    // Ten forms, ten tokens: a token makes one account whatever its email.
    const tokens = await Promise.all(Array.from({ length: 10 }, () => formToken(ctx)));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        register(ctx, registrationForm({ login: email, formToken: tokens[i] }), `10.60.0.${i}`),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(400)]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) expect(message(refused)).toBe(M.emailTaken);
    expect(await usersWith(email)).toBe(1);
  });

  it('limits sign-ups per address (10 an hour), counting refused ones too', async () => {
    for (let i = 0; i < 10; i++)
      expect((await register(ctx, registrationForm({ login: BASICO.email }), '10.70.0.1')).statusCode).toBe(400);
    const limited = await register(ctx, registrationForm(), '10.70.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(message(limited)).toMatch(
      /^Demasiados registros desde esta conexión\. Vuelve a intentarlo dentro de \d+ minutos\.$/,
    );
    expect((await register(ctx, registrationForm(), '10.70.0.2')).statusCode).toBe(201);
    ctx.clock.advance(60 * 60 * 1000);
    expect((await register(ctx, registrationForm(), '10.70.0.1')).statusCode).toBe(201);
  });

  it('refuses a filled honeypot, a form sent too fast and a forged or stale form token', async () => {
    const honeypot = await register(ctx, registrationForm({ website: 'https://spam.example' }));
    expect([honeypot.statusCode, message(honeypot)]).toEqual([400, REGISTRATION_REFUSALS.automated]);

    const opened = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/form' });
    const { formToken: fresh, minFillMs } = opened.json<{ formToken: string; minFillMs: number }>();
    expect(minFillMs).toBe(3000);
    ctx.clock.advance(minFillMs - 1);
    const tooFast = await register(ctx, registrationForm({ formToken: fresh }));
    expect([tooFast.statusCode, message(tooFast)]).toEqual([400, REGISTRATION_REFUSALS.tooFast]);
    ctx.clock.advance(1);
    expect((await register(ctx, registrationForm({ formToken: fresh }))).statusCode).toBe(201);

    const forged = fresh.replace(/^\d+/, (ms) => String(Number(ms) - 10_000));
    expect(message(await register(ctx, registrationForm({ formToken: forged })))).toBe(
      REGISTRATION_REFUSALS.formExpired,
    );
    expect(message(await register(ctx, registrationForm({ formToken: undefined })))).toBe(
      REGISTRATION_REFUSALS.formExpired,
    );
    ctx.clock.advance(24 * 60 * 60 * 1000);
    expect(message(await register(ctx, registrationForm({ formToken: fresh })))).toBe(
      REGISTRATION_REFUSALS.formExpired,
    );
  });

  it('puts Latin-American countries in the Latin-American region, whose lineup has its own channels', async () => {
    const mexico = await register(ctx, registrationForm({ country: 'MX', login: `mx-${kind}@pantalla.test` }));
    expect(mexico.json()).toMatchObject({ regionId: 3 });
    expect((await register(ctx, registrationForm({ country: 'DE' }))).json()).toMatchObject({ regionId: 1 });
    const session = await signIn(ctx, { username: `mx-${kind}@pantalla.test`, password: 'secreto1' });
    const account = await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(session.idToken) });
    expect(account.json()).toMatchObject({ resources: [{ regionId: 3 }] });
    const lineups = await ctx.app.inject({ method: 'GET', url: '/api/v1/lineups', headers: bearer(session.idToken) });
    const latam = lineups
      .json<{ resources: { id: number; regionId: number }[] }>()
      .resources.find((l) => l.regionId === 3);
    expect(latam).toBeDefined();
    const channels = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/channels?lineupId=${latam!.id}`,
      headers: bearer(session.idToken),
    });
    const ids = channels.json<{ resources: { id: number }[] }>().resources.map((c) => c.id);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids).toContain(1);
    expect(ids).not.toContain(90);
    expect(ids).not.toContain(221);
  });
});

describe.each(kinds)('registration whose sign-up packages cannot be granted, on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(
      kind,
      { REGISTRATION_PACKAGES: '1,999999', REGISTRATION_MIN_FILL_MS: '0' },
      { demo: false },
    );
  });
  afterAll(async () => ctx?.close());

  it('fails with a 500 and leaves no account behind, so the address can register again', async () => {
    const form = registrationForm({ login: 'sin-paquetes@pantalla.test' });
    const res = await register(ctx, form);
    expect(res.statusCode).toBe(500);
    expect(
      await ctx.sql.selectFrom('users').selectAll().where('email', '=', 'sin-paquetes@pantalla.test').execute(),
    ).toEqual([]);
    expect(await ctx.sql.selectFrom('entitlements').selectAll().execute()).toEqual([]);
    expect(await ctx.sql.selectFrom('outbox').selectAll().execute()).toEqual([]);
    const again = await register(ctx, form);
    expect(again.statusCode).toBe(500);
  });
});
