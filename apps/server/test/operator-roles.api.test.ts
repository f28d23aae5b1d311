import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATORS_ONLY, REAUTH_REQUIRED, ROLE_REFUSED } from '../src/modules/identity';
import { ROLE_MESSAGES } from '../src/modules/identity/testing';
import { bearerFor, BASICO, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { OPERATOR_SAMPLES } from './operator-requests';
import {
  makeOperator,
  operatorOperations,
  reauthenticate,
  urlOfNothing,
  type OperatorOperation,
} from './operator-routes';

const kinds = await databaseKinds();
const SIGN_IN_REQUIRED = 'Se requiere iniciar sesión.';

type Caller = 'anonymous' | 'subscriber' | 'admin' | 'support' | 'content';
const CALLERS: readonly Caller[] = ['anonymous', 'subscriber', 'admin', 'support', 'content'];
const PASSWORDS: Record<Caller, string> = {
  anonymous: '',
  subscriber: 'basico1234',
  admin: 'demo1234',
  support: 'soporte-roles-1234',
  content: 'contenidos-roles-1234',
};

/** What a route's rule says of a caller: which refusal, or let through (perhaps after the password again). */
type Expected = { refused: 401 | 403; message: string } | { refused: false; sensitive: boolean };
function expectedOf(op: OperatorOperation, caller: Caller): Expected {
  const rule = op.rule ?? { roles: [], sensitive: false };
  if (caller === 'anonymous') return { refused: 401, message: SIGN_IN_REQUIRED };
  if (caller === 'subscriber') return { refused: 403, message: OPERATORS_ONLY };
  if (caller !== 'admin' && !rule.roles.includes(caller)) return { refused: 403, message: ROLE_REFUSED };
  return { refused: false, sensitive: rule.sensitive };
}

const isGuardRefusal = (res: LightMyRequestResponse) =>
  res.statusCode === 401 ||
  (res.statusCode === 403 &&
    [OPERATORS_ONLY, ROLE_REFUSED, REAUTH_REQUIRED, 'reauth_required'].some((t) => res.body.includes(t)));

/** A let-through call that streams (server-sent events) never ends: an answer that takes this long is not a guard's. */
const STREAM_WAIT_MS = 5000;

describe.each(kinds)('operator routes: each role allowed and refused as its rule says, on %s', (kind) => {
  let ctx: TestContext;
  let headers: Record<Caller, Record<string, string>>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    headers = {
      anonymous: {},
      subscriber: await bearerFor(ctx, BASICO),
      admin: await bearerFor(ctx, DEMO),
      support: await makeOperator(ctx, 'soporte-roles@pantalla.test', PASSWORDS.support, 'support'),
      content: await makeOperator(ctx, 'contenidos-roles@pantalla.test', PASSWORDS.content, 'content'),
    };
  });
  afterAll(async () => ctx?.close());

  async function call(op: OperatorOperation, caller: Caller): Promise<LightMyRequestResponse | 'no answer'> {
    const sample = OPERATOR_SAMPLES[op.key];
    const payload = op.mutating ? ((sample ? (await sample(ctx)).payload : undefined) ?? {}) : undefined;
    const request = ctx.app.inject({
      method: op.method as 'GET',
      url: urlOfNothing(op),
      headers: headers[caller],
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'no answer'>(
      (resolve) => (timer = setTimeout(() => resolve('no answer'), STREAM_WAIT_MS)),
    );
    try {
      return await Promise.race([request, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  it('finds the operator operations in the OpenAPI document, each guarded by an operator rule', () => {
    const ops = operatorOperations(ctx.app);
    expect(ops.map((op) => op.key)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/operator/me',
        'GET /api/v1/operator/roles',
        'POST /api/v1/operator/roles',
        'GET /api/v1/operator/audit',
      ]),
    );
    expect(
      ops.filter((op) => op.rule === undefined).map((op) => op.key),
      'operator routes without requireOperator',
    ).toEqual([]);
  });

  it('refuses or lets through every caller on every operator operation, sensitive ones only after the password again', async () => {
    const ops = operatorOperations(ctx.app);
    const wrong: string[] = [];
    const check = async (op: OperatorOperation, caller: Caller, reauthenticated: boolean) => {
      const expected = expectedOf(op, caller);
      const res = await call(op, caller);
      const said = res === 'no answer' ? 'no answer' : `${res.statusCode} ${res.body.slice(0, 100)}`;
      if (expected.refused !== false) {
        if (res === 'no answer' || res.statusCode !== expected.refused || !res.body.includes(expected.message))
          wrong.push(`${caller} ${op.key}: expected ${expected.refused} "${expected.message}", got ${said}`);
      } else if (expected.sensitive && !reauthenticated) {
        if (res === 'no answer' || res.statusCode !== 403 || res.json<{ code: string }>().code !== 'reauth_required')
          wrong.push(`${caller} ${op.key}: expected 403 reauth_required, got ${said}`);
      } else if (res !== 'no answer' && (isGuardRefusal(res) || res.statusCode >= 500)) {
        wrong.push(`${caller} ${op.key}: expected let through, got ${said}`);
      }
    };
    for (const op of ops) for (const caller of CALLERS) await check(op, caller, false);
    for (const caller of ['admin', 'support', 'content'] as const)
      await reauthenticate(ctx, headers[caller], PASSWORDS[caller]);
    for (const op of ops.filter((o) => o.rule?.sensitive)) for (const caller of CALLERS) await check(op, caller, true);
    expect(wrong).toEqual([]);
  });
});

describe.each(kinds)('granting and revoking roles on %s', (kind) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await bearerFor(ctx, DEMO);
    await reauthenticate(ctx, admin, 'demo1234');
  });
  afterAll(async () => ctx?.close());

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

  it('lists operators a page at a time, ADMIN_EMAILS admins marked as configuration, the demo operators with their roles', async () => {
    const first = await inject('GET', '/api/v1/operator/roles?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{
      items: { email: string; roles: string[]; configAdmin: boolean }[];
      nextCursor: string | null;
    }>();
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).not.toBeNull();
    const rest = (
      await inject('GET', `/api/v1/operator/roles?limit=200&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`)
    ).json<typeof page1>();
    const all = [...page1.items, ...rest.items];
    expect(rest.nextCursor).toBeNull();
    expect(all.map((o) => o.email)).toEqual([...all.map((o) => o.email)].sort());
    expect(all).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: DEMO, roles: ['admin'], configAdmin: true }),
        expect.objectContaining({ email: 'soporte@pantalla.test', roles: ['support'], configAdmin: false }),
        expect.objectContaining({ email: 'contenidos@pantalla.test', roles: ['content'], configAdmin: false }),
      ]),
    );
    expect((await inject('GET', '/api/v1/operator/roles?cursor=nada')).statusCode).toBe(400);
  });

  it('grants by e-mail and revokes, each with an audit row of the roles before and after', async () => {
    const user = await ctx.modules.identity.accounts.create({
      email: 'nuevo-rol@pantalla.test',
      password: 'nuevo-rol-1234',
      name: 'Nuevo',
      surname: 'Rol',
      pin: null,
    });
    expect(
      (await inject('POST', '/api/v1/operator/roles', { email: 'Nuevo-Rol@pantalla.test', role: 'support' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await inject('POST', '/api/v1/operator/roles', { email: 'nuevo-rol@pantalla.test', role: 'content' }))
        .statusCode,
    ).toBe(204);
    const again = await inject('POST', '/api/v1/operator/roles', { email: 'nuevo-rol@pantalla.test', role: 'content' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: ROLE_MESSAGES.held });
    expect(
      (await inject('POST', '/api/v1/operator/roles', { email: 'nadie@pantalla.test', role: 'content' })).json(),
    ).toMatchObject({ message: ROLE_MESSAGES.noAccount });
    expect((await inject('DELETE', `/api/v1/operator/roles/${user.id}/support`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/v1/operator/roles/${user.id}/support`)).statusCode).toBe(404);
    const rows = await ctx.sql
      .selectFrom('auditLog')
      .selectAll()
      .where('subjectType', '=', 'account')
      .where('subjectId', '=', String(user.id))
      .orderBy('id')
      .execute();
    expect(
      rows.map((r) => [r.action, r.actorEmail, r.before && JSON.parse(r.before), r.after && JSON.parse(r.after)]),
    ).toEqual([
      ['role.grant', DEMO, { roles: [] }, { roles: ['support'] }],
      ['role.grant', DEMO, { roles: ['support'] }, { roles: ['content', 'support'] }],
      ['role.revoke', DEMO, { roles: ['content', 'support'] }, { roles: ['content'] }],
    ]);
  });

  it('never revokes an ADMIN_EMAILS admin (configuration) nor the last admin', async () => {
    const demo = await ctx.modules.identity.accounts.findByEmail(DEMO);
    const configAdmin = await inject('DELETE', `/api/v1/operator/roles/${demo?.id}/admin`);
    expect(configAdmin.statusCode).toBe(409);
    expect(configAdmin.json()).toMatchObject({ message: ROLE_MESSAGES.configAdmin });
    // Without ADMIN_EMAILS admins, the one admin row is the last admin.
    const lone = await createTestContext(kind, { ADMIN_EMAILS: 'nadie@pantalla.test' });
    try {
      const only = await makeOperator(lone, 'unico-admin@pantalla.test', 'unico-admin-1234', 'admin');
      await reauthenticate(lone, only, 'unico-admin-1234');
      const me = await lone.modules.identity.accounts.findByEmail('unico-admin@pantalla.test');
      const last = await lone.app.inject({
        method: 'DELETE',
        url: `/api/v1/operator/roles/${me?.id}/admin`,
        headers: only,
      });
      expect(last.statusCode).toBe(409);
      expect(last.json()).toMatchObject({ message: ROLE_MESSAGES.lastAdmin });
      expect(await lone.modules.identity.operators.rolesOf(me?.id ?? 0, 'unico-admin@pantalla.test')).toEqual([
        'admin',
      ]);
    } finally {
      await lone.close();
    }
  });
});
