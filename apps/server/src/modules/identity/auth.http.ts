import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { OperatorRole, SessionFailure } from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Clock } from '../../platform/clock';
import { guard, operatorGuard } from '../../platform/access';
import { AppError, forbidden, unauthorized } from '../../platform/errors';
import type { IdentityRepository } from './identity.repository';
import type { SessionRepository } from './session.repository';
import { verifyIdToken } from './tokens';

/** The signed-in user behind a request, from a verified idToken. */
export interface AuthContext {
  userId: number;
  email: string;
  /** The idToken's expiry (epoch seconds): signed playback URLs live as long, plus a grace. */
  tokenExp: number;
  /** The sign-in (refresh family) the idToken came from, when it names one. */
  signIn?: string | undefined;
}

/** An operator at the console: roles, and who they are for the audit trail. */
export interface OperatorContext {
  roles: OperatorRole[];
  actor: Actor;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
    operator?: OperatorContext;
  }
}

/** What the authenticator asks of identity's operator directory. */
export interface OperatorLookup {
  rolesOf(userId: number, email: string): Promise<OperatorRole[]>;
  reauthUntil(userId: number, signIn: string | undefined): Promise<number | null>;
}

/** Every operator route refuses a subscriber with this (403). */
export const OPERATORS_ONLY = 'Solo un operador puede hacer esto.';
/** An operator whose roles do not include the route's (403). */
export const ROLE_REFUSED = 'Tu rol de operador no permite hacer esto.';
/** A sensitive action without a fresh password (403, code reauth_required). */
export const REAUTH_REQUIRED = 'Escribe de nuevo tu contraseña para confirmar esta acción.';
/** A locked account's requests (401, reason 'locked'). */
export const ACCOUNT_LOCKED = 'Esta cuenta está bloqueada. Ponte en contacto con atención al cliente.';

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
  /**
   * requireUser, and the user holds one of `roles` (admin always passes); a `sensitive`
   * action also needs the password typed again within REAUTH_WINDOW_MS. Sets request.operator.
   */
  requireOperator(roles: readonly OperatorRole[], options?: { sensitive?: boolean }): onRequestAsyncHookHandler;
  /** The user of a request that passed requireUser. */
  userOf(request: FastifyRequest): AuthContext;
  /** The operator of a request that passed requireOperator. */
  operatorOf(request: FastifyRequest): OperatorContext;
}

const refused = (reason: SessionFailure, message = SESSION_EXPIRED) => unauthorized(message, { reason });

/** The Authenticator over identity's own tables and the signing secret. */
export function createAuthenticator(
  users: IdentityRepository,
  sessions: Pick<SessionRepository, 'familyLive'>,
  authSecret: string,
  clock: Clock,
  operators: OperatorLookup,
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
    if (user.lockedAt !== null) throw refused('locked', ACCOUNT_LOCKED);
    if (check.claims.sid !== undefined && !(await sessions.familyLive(check.claims.sid))) throw refused('revoked');
    request.auth = { userId: user.id, email: user.email, tokenExp: check.claims.exp, signIn: check.claims.sid };
  }
  async function operatorContext(request: FastifyRequest, reply: FastifyReply): Promise<OperatorContext> {
    await requireUser(request, reply);
    const auth = request.auth as AuthContext;
    const roles = await operators.rolesOf(auth.userId, auth.email);
    const context = { roles, actor: { userId: auth.userId, email: auth.email, ip: request.ip } };
    request.operator = context;
    return context;
  }
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { roles } = await operatorContext(request, reply);
    if (!roles.includes('admin')) throw forbidden('Solo un administrador puede hacer esto.');
  }
  function requireOperator(
    allowed: readonly OperatorRole[],
    options: { sensitive?: boolean } = {},
  ): onRequestAsyncHookHandler {
    const sensitive = options.sensitive === true;
    return operatorGuard(
      { roles: allowed, sensitive },
      async function requireOperatorRole(request: FastifyRequest, reply: FastifyReply): Promise<void> {
        const { roles } = await operatorContext(request, reply);
        if (roles.length === 0) throw forbidden(OPERATORS_ONLY);
        if (!roles.includes('admin') && !roles.some((r) => allowed.includes(r))) throw forbidden(ROLE_REFUSED);
        if (
          sensitive &&
          (await operators.reauthUntil(request.operator?.actor.userId ?? 0, request.auth?.signIn)) === null
        ) {
          throw new AppError(403, 'reauth_required', REAUTH_REQUIRED);
        }
      },
    );
  }
  return {
    requireUser: guard('user', requireUser),
    requireAdmin: guard('admin', requireAdmin),
    requireOperator,
    userOf(request) {
      if (!request.auth) throw unauthorized();
      return request.auth;
    },
    operatorOf(request) {
      if (!request.operator) throw unauthorized();
      return request.operator;
    },
  };
}
