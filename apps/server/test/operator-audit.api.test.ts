import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { type AuditFilter, AuditRepository, OperatorsRepository } from '../src/modules/identity/testing';
import { recordAudit, type Actor } from '../src/platform/audit.repository';
import { bearerFor, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { OPERATOR_SAMPLES } from './operator-requests';
import { makeOperator, operatorOperations, paramValuesOf, reauthenticate } from './operator-routes';

const kinds = await databaseKinds();

/** Mutating operator operations that change nothing the trail records, each with why. */
const EXEMPT: Readonly<Record<string, string>> = {
  'POST /api/v1/operator/reauth':
    'the password typed again changes no data: it opens the 5-minute window of this sign-in only',
};

const ACTION = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/** The top-level values of a payload, where a creation's subject may be named. */
const payloadValues = (payload: unknown): string[] =>
  payload && typeof payload === 'object'
    ? Object.values(payload)
        .filter((v) => typeof v === 'string' || typeof v === 'number')
        .map(String)
    : [];

describe.each(kinds)('every operator mutation writes its audit row, on %s', (kind) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await bearerFor(ctx, DEMO);
    await reauthenticate(ctx, admin, 'demo1234');
  });
  afterAll(async () => ctx?.close());

  const lastId = async () =>
    Number(
      (
        await ctx.sql
          .selectFrom('auditLog')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst()
      )?.max ?? 0,
    );

  it('has a sample request for every mutating operator operation (and none for an operation that is gone)', () => {
    const mutating = operatorOperations(ctx.app).filter((op) => op.mutating);
    const missing = mutating.filter((op) => !(op.key in OPERATOR_SAMPLES) && !(op.key in EXEMPT)).map((op) => op.key);
    expect(missing, 'mutating operator operations without a sample in apps/server/test/operator-requests/').toEqual([]);
    const known = new Set(mutating.map((op) => op.key));
    expect(
      Object.keys(OPERATOR_SAMPLES).filter((key) => !known.has(key)),
      'samples of no documented operation',
    ).toEqual([]);
  });

  it('answers each sample 2xx for a re-authenticated admin and adds an audit row naming the admin, the action and the subject', async () => {
    const wrong: string[] = [];
    for (const op of operatorOperations(ctx.app).filter((o) => o.mutating && o.key in OPERATOR_SAMPLES)) {
      const sample = OPERATOR_SAMPLES[op.key];
      if (!sample) continue;
      const request = await sample(ctx);
      const before = await lastId();
      const res = await ctx.app.inject({
        method: op.method as 'POST',
        url: request.url,
        headers: admin,
        ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
      });
      if (res.statusCode < 200 || res.statusCode > 299) {
        wrong.push(`${op.key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        continue;
      }
      const rows = await ctx.sql.selectFrom('auditLog').selectAll().where('id', '>', before).execute();
      // The subject is the one the path names, or for a creation one the body names (or the new row's id).
      const named = [...paramValuesOf(op, request.url), ...payloadValues(request.payload)];
      const fits = rows.filter(
        (r) =>
          r.actorEmail === DEMO &&
          ACTION.test(r.action) &&
          r.subjectType !== '' &&
          r.subjectId !== '' &&
          (paramValuesOf(op, request.url).length === 0 || named.includes(r.subjectId)),
      );
      if (fits.length === 0)
        wrong.push(
          `${op.key}: no audit row by ${DEMO} with an action and the subject (${named.join(', ') || 'any'}); rows: ${JSON.stringify(rows.map((r) => [r.actorEmail, r.action, r.subjectType, r.subjectId]))}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the row out when its change fails, and the change out when its row fails', async () => {
    const actor: Actor = { userId: 1, email: DEMO, ip: '127.0.0.1' };
    const before = await lastId();
    await expect(
      ctx.sql.transaction().execute(async (trx) => {
        await recordAudit(trx, actor, ctx.clock.now(), {
          action: 'role.grant',
          subjectType: 'account',
          subjectId: 1,
          after: { roles: ['content'] },
        });
        throw new Error('the change failed after its audit row');
      }),
    ).rejects.toThrow('the change failed');
    expect(await lastId()).toBe(before);
    // A grant whose audit row cannot be written (no actor e-mail) leaves no role behind.
    const user = await ctx.modules.identity.accounts.create({
      email: 'sin-rastro@pantalla.test',
      password: 'sin-rastro-1234',
      name: 'Sin',
      surname: 'Rastro',
      pin: null,
    });
    const broken = { ...actor, email: null } as unknown as Actor;
    await expect(
      new OperatorsRepository(ctx.platform.db).grant(
        { userId: user.id, role: 'support', grantedBy: 1, grantedAt: ctx.clock.now() },
        broken,
      ),
    ).rejects.toThrow();
    expect(await ctx.modules.identity.operators.rolesOf(user.id, 'sin-rastro@pantalla.test')).toEqual([]);
    expect(await lastId()).toBe(before);
  });

  it('refuses to update or delete an audit row in the database itself', async () => {
    await recordAudit(ctx.sql, { userId: 1, email: DEMO, ip: '127.0.0.1' }, ctx.clock.now(), {
      action: 'role.grant',
      subjectType: 'account',
      subjectId: 99,
      after: { roles: ['support'] },
    });
    const id = await lastId();
    await expect(
      ctx.sql.updateTable('auditLog').set({ actorEmail: 'otro@pantalla.test' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/never changed/);
    await expect(ctx.sql.deleteFrom('auditLog').where('id', '=', id).execute()).rejects.toThrow(/never changed/);
    const row = await ctx.sql.selectFrom('auditLog').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.actorEmail).toBe(DEMO);
  });

  it('keeps the rows when the subject and the operator delete their accounts, and finds them by actor, action and subject', async () => {
    const operator = await makeOperator(ctx, 'se-va@pantalla.test', 'se-va-1234', 'admin');
    await reauthenticate(ctx, operator, 'se-va-1234');
    const subject = await ctx.modules.identity.accounts.create({
      email: 'sujeto@pantalla.test',
      password: 'sujeto-1234',
      name: 'Sujeto',
      surname: 'Pantalla',
      pin: null,
    });
    const grant = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/roles',
      headers: operator,
      payload: { email: 'sujeto@pantalla.test', role: 'support' },
    });
    expect(grant.statusCode).toBe(204);
    const subjectHeaders = await bearerFor(ctx, 'sujeto@pantalla.test');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/account/delete',
          headers: subjectHeaders,
          payload: { password: 'sujeto-1234' },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/account/delete',
          headers: operator,
          payload: { password: 'se-va-1234' },
        })
      ).statusCode,
    ).toBe(204);
    const query = new URLSearchParams({
      actor: 'SE-VA@pantalla.test',
      action: 'role.grant',
      subjectType: 'account',
      subjectId: String(subject.id),
      from: String(ctx.clock.now() - 1000),
      to: String(ctx.clock.now() + 1),
    });
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/operator/audit?${query.toString()}`,
      headers: admin,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      items: [
        {
          actorEmail: 'se-va@pantalla.test',
          action: 'role.grant',
          subjectId: String(subject.id),
          before: { roles: [] },
          after: { roles: ['support'] },
        },
      ],
      nextCursor: null,
    });
  });

  it('pages the trail newest first with a cursor, never repeating a row', async () => {
    for (let i = 0; i < 5; i++) {
      await recordAudit(
        ctx.sql,
        { userId: 1, email: 'paginas@pantalla.test', ip: '127.0.0.1' },
        ctx.clock.now() + (i % 2),
        { action: 'test.page', subjectType: 'page', subjectId: i },
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `actor=paginas%40pantalla.test&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/operator/audit?${query}`, headers: admin })
      ).json<{ items: { subjectId: string; at: number }[]; nextCursor: string | null }>();
      seen.push(...page.items.map((r) => r.subjectId));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(['3', '1', '4', '2', '0']);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/audit?cursor=abc', headers: admin })).statusCode,
    ).toBe(400);
  });

  it.runIf(kind === 'sqlite')(
    'searches through an index under every filter, with or without a cursor (the SQLite plan)',
    async () => {
      const repository = new AuditRepository(ctx.platform.db);
      const filters: AuditFilter[] = [
        {},
        { actorEmail: DEMO },
        { action: 'role.grant' },
        { subjectType: 'account', subjectId: '7' },
        { from: 1, to: 2 },
        { actorEmail: DEMO, action: 'role.grant', from: 1 },
      ];
      for (const filter of filters) {
        for (const position of [null, { at: 5, id: 9 }]) {
          const compiled = repository.searchQuery(filter, position, 51).compile();
          const plan = await ctx.sql.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
          );
          const details = plan.rows.map((r) => r.detail).join(' | ');
          expect(details, JSON.stringify(filter)).toMatch(/USING (COVERING )?INDEX audit_log_/);
          expect(details, JSON.stringify(filter)).not.toMatch(/SCAN audit_log(?! USING)/);
        }
      }
    },
  );
});
