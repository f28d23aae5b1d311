import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Who may call a route. Every route declares one, either as `config: { access }` or by
 * an onRequest guard made with `guard()`; the security suite checks each route against it.
 * - public: anyone.
 * - user: a signed-in user (Bearer idToken), checked before the body is read.
 * - admin: a signed-in administrator, checked before the body is read.
 * - operator: a signed-in operator with one of the route's roles (admin, support, content),
 *   checked before the body is read; the roles are read with `operatorRolesOf`.
 * - signed: the URL carries its own signature (playback manifests, segment addresses).
 * - local: the development outbox: the server's own machine, or the mail's recipient.
 */
export type Access = 'public' | 'user' | 'admin' | 'operator' | 'signed' | 'local';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'admin', 'operator', 'signed', 'local'];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

const ACCESS = Symbol('pantalla.access');
const ROLES = Symbol('pantalla.operator-roles');
/** What an operator guard lets through: its roles, and whether the action is sensitive (password typed again). */
export interface OperatorRule {
  roles: readonly string[];
  sensitive: boolean;
}
type Tagged = { [ACCESS]?: Access; [ROLES]?: OperatorRule };

/** Tags an onRequest hook with the access level it enforces, so its routes declare themselves. */
export function guard<T extends (...args: never[]) => unknown>(access: Access, hook: T): T {
  (hook as Tagged)[ACCESS] = access;
  return hook;
}

/** Tags an operator guard with its roles, so the role suites can read each route's rule. */
export function operatorGuard<T extends (...args: never[]) => unknown>(rule: OperatorRule, hook: T): T {
  (hook as Tagged)[ROLES] = rule;
  return guard('operator', hook);
}

/** One route as the security suite sees it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** undefined: the route declared nothing, which the suite refuses. */
  access: Access | undefined;
  /** Whether an access guard runs at onRequest, before any byte of the body is read. */
  guardedBeforeBody: boolean;
  bodyLimit: number | undefined;
  /** An operator route's roles and sensitivity (undefined for other routes). */
  operator: OperatorRule | undefined;
}

function hooksOf(value: RouteOptions['onRequest']): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The access a route declares, from its config or its onRequest guard. */
export function accessOf(route: Pick<RouteOptions, 'config' | 'onRequest'>): {
  access: Access | undefined;
  guarded: boolean;
  operator: OperatorRule | undefined;
} {
  const hooks = hooksOf(route.onRequest).filter((hook): hook is Tagged => typeof hook === 'function');
  const tagged = hooks.map((hook) => hook[ACCESS]).find((a) => a !== undefined);
  const operator = hooks.map((hook) => hook[ROLES]).find((r) => r !== undefined);
  const declared = (route.config as { access?: Access } | undefined)?.access;
  return { access: tagged ?? declared, guarded: tagged !== undefined, operator };
}

/** A body without a schema needs no room: sign-out and the like read nothing. */
export const NO_BODY_LIMIT = 1024;
/** The API's JSON bodies (forms, bookmarks, sessions, licence requests) are a few KB at most. */
export const JSON_BODY_LIMIT = 16 * 1024;

/** Every route of an app, read once it is ready (later onRoute hooks may still declare access). */
export class RouteTable {
  private readonly routes: RouteOptions[] = [];

  /**
   * Records every route and gives each a body limit that fits it: routes that set their own
   * keep it, routes with a body schema get JSON_BODY_LIMIT, the rest NO_BODY_LIMIT.
   */
  install(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      if (route.bodyLimit === undefined) route.bodyLimit = route.schema?.body ? JSON_BODY_LIMIT : NO_BODY_LIMIT;
      this.routes.push(route);
    });
  }

  entries(): RouteEntry[] {
    return this.routes.flatMap((route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const { access, guarded, operator } = accessOf(route);
      return methods.map((method) => ({
        method,
        url: route.url,
        access,
        guardedBeforeBody: guarded,
        bodyLimit: route.bodyLimit,
        operator,
      }));
    });
  }
}

/** Declares every route a scope registers (a plugin's routes, such as the static files) as `access`. */
export function declareScope(scope: FastifyInstance, access: Access): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}

/** Whether the request still has a body nobody has read (refused before parsing). */
export function hasUnreadBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  const declared = length !== undefined && length !== '0';
  return (declared || request.headers['transfer-encoding'] !== undefined) && !request.raw.readableEnded;
}

/**
 * The server's own machine, judged by the socket's address: a proxy's X-Forwarded-For is
 * never believed here, and a request that came through a proxy is not local even if the
 * proxy runs on this machine.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  const address = request.raw.socket.remoteAddress ?? '';
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
