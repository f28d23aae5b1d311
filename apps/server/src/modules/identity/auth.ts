import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/module';
import { AppError } from '../../platform/errors';
import { IdentityRepository } from './identity.repository';
import { verifyIdToken } from './tokens';

/** The signed-in user behind a request. */
export interface AuthContext {
  userId: number;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** The one text for every dead session: expired, revoked or signed out elsewhere. */
export const SESSION_EXPIRED = 'Su sesión ha caducado, por favor, inicie sesión de nuevo.';

/**
 * A preHandler that requires `Authorization: Bearer <idToken>`, checks its signature,
 * expiry and token version (sign-out-everywhere), and sets request.auth.
 */
export function authenticate(deps: Deps) {
  const users = new IdentityRepository(deps.db);
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new AppError(401, 'unauthorized', 'Se requiere iniciar sesión.');
    const check = verifyIdToken(deps.config.authSecret, token, Math.floor(deps.clock.now() / 1000));
    if (!check.ok) throw new AppError(401, 'unauthorized', SESSION_EXPIRED, { reason: check.reason });
    const user = await users.findUserById(check.claims.sub);
    if (!user || user.tokenVersion !== check.claims.ver) throw new AppError(401, 'unauthorized', SESSION_EXPIRED, { reason: 'revoked' });
    request.auth = { userId: user.id, email: user.email };
  };
}

/** The authenticated user of a request that passed `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'unauthorized', 'Se requiere iniciar sesión.');
  return request.auth;
}
