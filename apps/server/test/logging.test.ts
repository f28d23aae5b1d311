import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { composeModules, createPlatform } from '../src/compose';
import { seedDemo } from '../src/demo/seed';
import { ManualClock } from '../src/platform/clock';
import { createLogger } from '../src/platform/logging';
import { prepareDatabase } from '../src/setup';
import type { FastifyInstance } from 'fastify';
import { testConfig } from './context';
import { openTestDatabase } from './databases';
import type { Db } from '../src/platform/database';

/** Logs never hold a credential: every request below carries one, and the log is searched for it. */
describe('the request log', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  let app: FastifyInstance;
  let db: Db;

  beforeAll(async () => {
    const config = testConfig({ LOG_LEVEL: 'info' });
    db = await openTestDatabase('sqlite');
    const platform = createPlatform(config, db, new ManualClock(Date.now()), createLogger('info', sink));
    const modules = composeModules(platform);
    await prepareDatabase(platform, modules.all);
    await seedDemo(platform, modules);
    app = await buildApp(platform, modules.all, { serveWeb: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  const SECRETS = {
    jwt: 'eyJhbGciOi.playback-url-token.signature9',
    reset: 'reset-token-in-the-link-0123456789',
    resetBody: 'reset-token-in-a-body-0123456789',
    confirm: 'confirmation-token-in-the-link-0123456789',
    signIn: 'sign-in-token-in-the-link-0123456789',
    bearer: 'bearer-id-token-0123456789',
    cookie: 'refresh-cookie-0123456789',
    password: 'demo1234',
    clientSecret: 'pi_0123456789abcdef01234567_secret_challenge0123456789',
  };

  it('redacts playback tokens, reset tokens, payment client secrets, Authorization headers, cookies and passwords', async () => {
    await app.inject({
      method: 'GET',
      url: `/media/live/1/premium/manifest.mpd?jwt=${SECRETS.jwt}&user=1&model=web&type=300&operator=Pantalla`,
    });
    await app.inject({ method: 'GET', url: `/resetpassword/${SECRETS.reset}` });
    await app.inject({ method: 'GET', url: `/confirm/${SECRETS.confirm}` });
    await app.inject({ method: 'GET', url: `/signin/${SECRETS.signIn}` });
    // The 3-D Secure challenge page's address carries the payment's client secret.
    await app.inject({
      method: 'GET',
      url: `/payments-sandbox/3ds/pi_0123456789abcdef01234567?client_secret=${SECRETS.clientSecret}&origin=http%3A%2F%2Flocalhost&locale=es`,
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/password-reset',
      payload: { token: SECRETS.resetBody, password: 'nueva-clave-123' },
    });
    await app.inject({
      method: 'GET',
      url: '/api/v1/channels',
      headers: { authorization: `Bearer ${SECRETS.bearer}`, cookie: `pantalla_rt=${SECRETS.cookie}` },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: 'demo@pantalla.test', password: SECRETS.password },
    });
    expect(login.statusCode).toBe(200);
    const idToken = login.json<{ idToken: string }>().idToken;
    // Code that logs a request's headers or a body with a token, by mistake, is redacted too.
    app.log.info(
      { req: { headers: { authorization: `Bearer ${SECRETS.bearer}`, cookie: `pantalla_rt=${SECRETS.cookie}` } } },
      'headers',
    );
    app.log.info(
      { headers: { authorization: `Bearer ${SECRETS.bearer}`, cookie: `pantalla_rt=${SECRETS.cookie}` } },
      'raw headers',
    );
    app.log.info({ body: { token: SECRETS.resetBody, password: SECRETS.password, idToken } }, 'body');
    app.log.info(
      { purchase: { clientSecret: SECRETS.clientSecret }, form: { client_secret: SECRETS.clientSecret } },
      'payment',
    );

    const log = lines.join('');
    expect(log).toContain('/media/live/1/premium/manifest.mpd?jwt=[redacted]&user=1');
    expect(log).toContain('/resetpassword/[redacted]');
    expect(log).toContain('/confirm/[redacted]');
    expect(log).toContain('/signin/[redacted]');
    expect(log).toContain('/payments-sandbox/3ds/pi_0123456789abcdef01234567?client_secret=[redacted]&origin=');
    expect(log).toContain('"statusCode":200');
    for (const secret of [...Object.values(SECRETS), idToken]) expect(log).not.toContain(secret);
  });
});
