import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OperatorRule } from '../src/platform/access';
import { bearerFor } from './auth';
import type { TestContext } from './context';

/** A path parameter as the OpenAPI document describes it. */
interface PathParam {
  name: string;
  schema: { type?: string | string[]; enum?: unknown[] };
}

/** One documented operation under /api/v1/operator/, with the rule its guard declares. */
export interface OperatorOperation {
  /** '<METHOD> <OpenAPI path>', the key of OPERATOR_SAMPLES. */
  key: string;
  method: string;
  path: string;
  pathParams: PathParam[];
  /** undefined: no operator guard (the suites refuse such a route). */
  rule: OperatorRule | undefined;
  mutating: boolean;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const OPERATOR_PATH = '/api/v1/operator/';

/**
 * Every operator operation, enumerated from the OpenAPI document (routes others add appear on
 * their own), each with the roles and sensitivity of its guard from the app's route table.
 */
export function operatorOperations(app: FastifyInstance): OperatorOperation[] {
  const doc = app.swagger() as {
    paths?: Record<string, Record<string, { parameters?: ({ in: string } & PathParam)[] }>>;
  };
  const rules = new Map(app.routeTable.entries().map((e) => [`${e.method} ${e.url}`, e.operator]));
  const ops: OperatorOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith(OPERATOR_PATH)) continue;
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const fastifyPath = path.replace(/\{([^}]+)\}/g, ':$1');
      ops.push({
        key: `${method} ${path}`,
        method,
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
        rule: rules.get(`${method} ${fastifyPath}`),
        mutating: MUTATING.has(method),
      });
    }
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key));
}

/** The operation's path with parameters no row has: a call let through finds nothing to change. */
export function urlOfNothing(op: OperatorOperation): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const schema = op.pathParams.find((p) => p.name === name)?.schema ?? {};
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return encodeURIComponent(String(schema.enum[0]));
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    return type === 'integer' || type === 'number' ? '2147483000' : 'no-existe';
  });
}

/** The values a concrete URL gives the operation's path parameters. */
export function paramValuesOf(op: OperatorOperation, url: string): string[] {
  const pattern = new RegExp(
    `^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/?]+)')}(?:\\?.*)?$`,
  );
  const match = pattern.exec(url);
  return match ? match.slice(1).map(decodeURIComponent) : [];
}

/** An operator made for a suite: a fresh account holding `role`. */
export async function makeOperator(
  ctx: TestContext,
  email: string,
  password: string,
  role: 'admin' | 'support' | 'content',
): Promise<Record<string, string>> {
  const user = await ctx.modules.identity.accounts.create({
    email,
    password,
    name: role,
    surname: 'Pantalla',
    pin: null,
  });
  await ctx.modules.identity.operators.seedRole(user.id, role);
  return bearerFor(ctx, email);
}

/** Types the password again for this caller (the sensitive routes' 5 minutes). */
export async function reauthenticate(
  ctx: TestContext,
  headers: Record<string, string>,
  password: string,
): Promise<LightMyRequestResponse> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/operator/reauth', headers, payload: { password } });
  if (res.statusCode !== 200) throw new Error(`re-authentication failed: ${res.statusCode} ${res.body}`);
  return res;
}
