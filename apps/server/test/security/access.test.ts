import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/platform/access';

import { OPERATORS_ONLY, REAUTH_REQUIRED, ROLE_REFUSED } from '../../src/modules/identity';
import { databaseKinds } from '../databases';

const SIGN_IN_REQUIRED = 'Se requiere iniciar sesión.';
const ADMIN_ONLY = 'Solo un administrador';
/** Every text a guard refuses with at 403 (admin routes, operator routes, a sensitive action without the password). */
const FORBIDDEN_TEXTS = [ADMIN_ONLY, OPERATORS_ONLY, ROLE_REFUSED, REAUTH_REQUIRED];
import { CALLERS, createSecurityContext, type Caller, type SecurityContext } from './context';
import { arbitraryOf, leaksInternals, operations, urlOf, type Operation } from './routes';

const kinds = await databaseKinds();

/** One request per operation that fits its schema, the same for every caller. */
function sampleRequest(op: Operation, seed: number) {
  const path = Object.fromEntries(
    op.pathParams.map((p) => [p.name, fc.sample(arbitraryOf(p.schema), { seed, numRuns: 1 })[0]]),
  );
  const query = Object.fromEntries(
    op.queryParams
      .filter((q) => q.required)
      .map((q) => [q.name, fc.sample(arbitraryOf(q.schema), { seed, numRuns: 1 })[0]]),
  );
  const body = op.body ? fc.sample(arbitraryOf(op.body), { seed, numRuns: 1 })[0] : undefined;
  return { url: urlOf(op, path, query), body };
}

/** What each access level lets each caller do: refused (401/403) or let through (anything but those). */
function expectedOutcome(access: string, caller: Caller): 'unauthenticated' | 'forbidden' | 'through' | 'refused' {
  if (access === 'public' || access === 'signed') return 'through';
  if (caller === 'anonymous') return access === 'local' ? 'refused' : 'unauthenticated';
  if (access === 'admin' && caller !== 'admin') return 'forbidden';
  // basico@ and demo@ hold no operator role here (ADMIN_EMAILS is admin@): refused, not hidden (decisions).
  if (access === 'operator' && caller !== 'admin') return 'forbidden';
  return 'through';
}

describe.each(kinds)('every route declares who may call it, and keeps to it, on %s', (kind) => {
  let s: SecurityContext;
  beforeAll(async () => {
    s = await createSecurityContext(kind);
  });
  afterAll(async () => s?.ctx.close());

  it('every route declares an access level; user, admin and operator routes check it before reading the body', () => {
    const ops = operations(s.ctx.app);
    expect(ops.length).toBeGreaterThan(50);
    const undeclared = ops
      .filter((op) => op.access === undefined || !ACCESS_LEVELS.includes(op.access))
      .map((op) => `${op.method} ${op.url}`);
    expect(undeclared, 'routes without a declared access level').toEqual([]);
    const lateGuards = ops
      .filter(
        (op) => (op.access === 'user' || op.access === 'admin' || op.access === 'operator') && !op.guardedBeforeBody,
      )
      .map((op) => `${op.method} ${op.url}`);
    expect(lateGuards, 'routes that authenticate after reading the body').toEqual([]);
  });

  it('every documented route is in the matrix', () => {
    const doc = s.ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    const known = new Set(operations(s.ctx.app).map((op) => `${op.method} ${op.url}`));
    expect(documented.filter((d) => !known.has(d))).toEqual([]);
  });

  it('answers anonymous, basico, demo and admin on every route as its access level says', async () => {
    const wrong: string[] = [];
    for (const op of operations(s.ctx.app)) {
      const { url, body } = sampleRequest(op, 11);
      let anonymousBody = '';
      for (const caller of CALLERS) {
        const res = await s.call(caller, {
          method: op.method as 'GET',
          url,
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        if (caller === 'anonymous') anonymousBody = res.body;
        const expected = expectedOutcome(op.access ?? 'undeclared', caller);
        const got = res.statusCode;
        const guardRefusal =
          (got === 401 && res.body.includes(SIGN_IN_REQUIRED)) ||
          (got === 403 && FORBIDDEN_TEXTS.some((text) => res.body.includes(text)));
        const ok =
          got < 500 &&
          leaksInternals(res.body) === null &&
          (expected === 'unauthenticated'
            ? got === 401
            : expected === 'forbidden'
              ? got === 403
              : expected === 'refused'
                ? got === 401 || got === 403
                : // Let through: not the guard's refusal, and for a signed-in caller not the anonymous answer.
                  !guardRefusal && (caller === 'anonymous' || op.access !== 'user' || res.body !== anonymousBody));
        if (!ok) wrong.push(`${caller} ${op.method} ${url} (${op.access}) → ${got} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every route four times over, one after another: it grows with the API.
  }, 180_000);
});
