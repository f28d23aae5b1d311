import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginRequestSchema,
  passwordChangeSchema,
  SIGN_IN_LINK_SENT,
  signInLinkSentSchema,
  userInfoSchema,
} from '@pantalla/contracts';
import { AppError } from '../../platform/errors';
import { errorResponses, noStore } from '../../platform/http';
import type { Authenticator } from './auth.http';
import { KNOWN_DEVICE_TTL_MS } from './known-device';
import {
  PERSISTENT_REFRESH_TTL_MS,
  type IssuedSession,
  type SessionService,
  type SignInCookies,
} from './session.service';

/** The refresh token's only vehicle: script cannot read it and other sites cannot send it. */
export const REFRESH_COOKIE = 'pantalla_rt';

/**
 * The refresh cookie's name: with the __Secure- prefix when the service is public over HTTPS,
 * so the browser takes it only from a secure origin with Secure set and nothing on plain http
 * (a subdomain, a network attacker) can plant one. __Host- would need Path=/, and the cookie
 * stays on /api/v1. The demo on http://localhost keeps the plain name.
 */
export function refreshCookieName(publicUrl: string): string {
  return new URL(publicUrl).protocol === 'https:' ? `__Secure-${REFRESH_COOKIE}` : REFRESH_COOKIE;
}
const COOKIE_PATH = '/api/v1';
const cookieBase = { path: COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'strict' as const };

function setRefreshCookie(reply: FastifyReply, session: IssuedSession, name: string): void {
  // Without remember-me no Max-Age: the browser forgets the cookie when it closes.
  const maxAge = session.persistent ? PERSISTENT_REFRESH_TTL_MS / 1000 : undefined;
  reply.setCookie(name, session.refreshToken, maxAge === undefined ? cookieBase : { ...cookieBase, maxAge });
}

/**
 * The remembered-device cookie, as locked down as the refresh cookie. Without remember-me it
 * is a session cookie too: a shared computer whose user asked not to be remembered keeps nothing.
 */
function setKnownDeviceCookie(reply: FastifyReply, session: IssuedSession): void {
  if (!session.knownDevice) return;
  const options = session.persistent ? { ...cookieBase, maxAge: KNOWN_DEVICE_TTL_MS / 1000 } : cookieBase;
  reply.setCookie(session.knownDevice.name, session.knownDevice.value, options);
}

function clearRefreshCookie(reply: FastifyReply, name: string): void {
  reply.clearCookie(name, cookieBase);
}

/** A refresh; its 401 also clears the cookie: a dead one is useless to keep, and dropping it spares the app a retry loop. */
async function refreshClearingDead(
  sessions: SessionService,
  reply: FastifyReply,
  cookie: string | undefined,
  cookieName: string,
): Promise<IssuedSession> {
  try {
    return await sessions.refresh(cookie);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) clearRefreshCookie(reply, cookieName);
    throw error;
  }
}

/** POST /login (password, mailed-link and refresh flows), POST /logout and the password change. */
/** `signedIn` hears of every sign-in and refresh with the request's Accept-Language: the account's language is recorded from it. */
export async function sessionRoutes(
  app: FastifyInstance,
  sessions: SessionService,
  auth: Authenticator,
  cookieName: string = REFRESH_COOKIE,
  signedIn?: (userId: number, acceptLanguage: string | string[] | undefined) => Promise<void>,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Sign in with email and password, or trade the refresh cookie for new tokens',
        description:
          "flow 'password' checks the credentials (400 when wrong, 429 while the account's backoff runs, 202 with step 'sign-in-link' instead of tokens while the account or address is under attack and this device is not remembered); flow 'link' completes a sign-in with a mailed link's token (400 when unknown, used or expired); flow 'refresh' rotates the pantalla_rt cookie (401 when missing, expired, revoked or reused). Sign-ins set pantalla_rt and the remembered-device cookie, refreshes pantalla_rt.",
        body: loginRequestSchema,
        response: { 200: userInfoSchema, 202: signInLinkSentSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const cookie = request.cookies[cookieName];
      const cookies: SignInCookies = { refreshToken: cookie, byName: (name) => request.cookies[name] };
      let session: IssuedSession;
      if (body.flow === 'password') {
        const outcome = await sessions.loginWithPassword(body, request.ip, cookies);
        noStore(reply);
        if (outcome.kind === 'link-sent')
          return reply.code(202).send({ step: 'sign-in-link' as const, message: SIGN_IN_LINK_SENT });
        session = outcome.session;
      } else {
        session =
          body.flow === 'link'
            ? await sessions.loginWithLink(body.token, cookies)
            : await refreshClearingDead(sessions, reply, cookie, cookieName);
      }
      setRefreshCookie(reply, session, cookieName);
      setKnownDeviceCookie(reply, session);
      await signedIn?.(session.userInfo.userId, request.headers['accept-language']);
      noStore(reply);
      return session.userInfo;
    },
  );

  r.post(
    '/account/password',
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ['identity'],
        summary: 'Change the password (current one required); every other device is signed out',
        description:
          'Bumps the token version (every idToken stops working) and revokes every refresh family but the pantalla_rt cookie’s, which rotates: the answer is this device’s new user info. 400 wrong current password (data.wrong password) or same password, 429 too many wrong passwords.',
        body: passwordChangeSchema,
        response: { 200: userInfoSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const session = await sessions.changePassword(
        auth.userOf(request).userId,
        request.body,
        request.cookies[cookieName],
      );
      setRefreshCookie(reply, session, cookieName);
      noStore(reply);
      return session.userInfo;
    },
  );

  // Sign-out must work from any state, even with a body the JSON parser would refuse.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/logout',
      {
        config: { access: 'public' },
        schema: {
          tags: ['identity'],
          summary: 'Sign out: revoke the refresh cookie’s family and clear the cookie',
          response: { 204: z.null().describe('Signed out') },
        },
      },
      async (request, reply) => {
        await sessions.logout(request.cookies[cookieName]);
        clearRefreshCookie(reply, cookieName);
        return reply.code(204).send(null);
      },
    );
  });
}
