import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { SessionFailure } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { guard } from '../../platform/access';
import { forbidden, unauthorized } from '../../platform/errors';
import type { IdentityRepository } from './identity.repository';
import type { SessionRepository } from './session.repository';
import { verifyIdToken } from './tokens';

/** The signed-in user behind a request, from a verified idToken. */
export interface AuthContext {
  userId: number;
  email: string;
  /** The idToken's expiry (epoch seconds): signed playback URLs live as long, plus a grace. */
  tokenExp: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** The one text for every dead session: expired, revoked or signed out elsewhere. */
export const SESSION_EXPIRED = 'Su sesión ha caducado, por favor, inicie sesión de nuevo.';

/** What every module's routes use to require a signed-in user. */
export interface Authenticator {
  /**
   * An onRequest hook (so it refuses before any byte of the body is read) that requires
   * `Authorization: Bearer <idToken>`: signature, expiry, token version (sign-out-everywhere)
   * and the sign-in it came from (signed out, or its refresh family revoked) checked,
   * request.auth set. A refusal is a 401 whose data names the reason ('revoked' when signed
   * out, 'unknown-user' when the account is gone).
   */
  requireUser: onRequestAsyncHookHandler;
  /** requireUser, and the user is one of ADMIN_EMAILS (403 otherwise). */
  requireAdmin: onRequestAsyncHookHandler;
  /** The user of a request that passed requireUser. */
  userOf(request: FastifyRequest): AuthContext;
}

const refused = (reason: SessionFailure, message = SESSION_EXPIRED) => unauthorized(message, { reason });

/** The Authenticator over identity's own tables and the signing secret. */
export function createAuthenticator(
  users: IdentityRepository,
  sessions: Pick<SessionRepository, 'familyLive'>,
  authSecret: string,
  clock: Clock,
  adminEmails: readonly string[] = [],
): Authenticator {
  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw refused('missing', 'Se requiere iniciar sesión.');
    const check = verifyIdToken(authSecret, token, Math.floor(clock.now() / 1000));
    if (!check.ok) throw refused(check.reason);
    const user = await users.findUserById(check.claims.sub);
    if (!user) throw refused('unknown-user');
    if (user.tokenVersion !== check.claims.ver) throw refused('revoked');
    if (check.claims.sid !== undefined && !(await sessions.familyLive(check.claims.sid))) throw refused('revoked');
    request.auth = { userId: user.id, email: user.email, tokenExp: check.claims.exp };
  }
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (!adminEmails.includes(request.auth?.email.toLowerCase() ?? '')) throw forbidden('Solo un administrador puede hacer esto.');
  }
  return {
    requireUser: guard('user', requireUser),
    requireAdmin: guard('admin', requireAdmin),
    userOf(request) {
      if (!request.auth) throw unauthorized();
      return request.auth;
    },
  };
}
