import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, BASICO, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { makeOperator } from './operator-routes';

const kinds = await databaseKinds();

interface Hit {
  id: number;
  email: string;
  name: string;
  surname: string;
  locked: boolean;
}

describe.each(kinds)('subscriber search and page on %s', (kind) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let support: Record<string, string>;
  let jose: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await bearerFor(ctx, DEMO);
    support = await makeOperator(ctx, 'soporte-busca@pantalla.test', 'soporte-busca-1234', 'support');
    const accounts = ctx.modules.identity.accounts;
    jose = (
      await accounts.create({
        email: 'jose.garcia@correo.test',
        password: 'clave-larga-1234',
        name: 'José',
        surname: 'García Núñez',
        pin: null,
      })
    ).id;
    await accounts.create({
      email: 'maria@correo.test',
      password: 'clave-larga-1234',
      name: 'María',
      surname: 'garcia',
      pin: null,
    });
    for (let i = 0; i < 7; i++)
      await accounts.create({
        email: `paginado${i}@correo.test`,
        password: 'clave-larga-1234',
        name: 'Paginado',
        surname: `Número ${i}`,
        pin: null,
      });
  });
  afterAll(async () => ctx?.close());

  async function search(
    query: Record<string, string>,
    headers = support,
  ): Promise<{ items: Hit[]; nextCursor: string | null }> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/subscribers', query, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const emails = (page: { items: Hit[] }) => page.items.map((hit) => hit.email);

  it('finds by name, surname and e-mail prefix, accents and case ignored', async () => {
    expect(emails(await search({ q: 'jose' }))).toEqual(['jose.garcia@correo.test']);
    expect(emails(await search({ q: 'JOSÉ GAR' }))).toEqual(['jose.garcia@correo.test']);
    expect(emails(await search({ q: 'GARCÍA' })).sort()).toEqual(['jose.garcia@correo.test', 'maria@correo.test']);
    expect(emails(await search({ q: 'mar' }))).toEqual(['maria@correo.test']);
    expect(emails(await search({ q: 'maria@' }))).toEqual(['maria@correo.test']);
    expect(emails(await search({ q: 'bás' }))).toEqual([BASICO]);
    expect((await search({ q: 'zzz-nadie' })).items).toEqual([]);
    expect((await search({ q: '' })).items).toEqual([]);
  });

  it('finds an account by its exact id, with its facts', async () => {
    const page = await search({ q: String(jose) });
    expect(page.items[0]).toMatchObject({
      id: jose,
      email: 'jose.garcia@correo.test',
      name: 'José',
      surname: 'García Núñez',
      locked: false,
    });
  });

  it('pages through many hits with the cursor, each account once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: Hit[]; nextCursor: string | null } = await search({
        q: 'pagin',
        limit: '3',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...emails(page));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/subscribers',
      query: { q: 'pagin', cursor: 'eA' },
      headers: support,
    });
    expect(bad.statusCode).toBe(400);
    const tooMany = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/subscribers',
      query: { q: 'a', limit: '5000' },
      headers: support,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it("answers the subscriber's page: account, profiles, packages with their source, purchases, streams, sign-ins", async () => {
    const basico = await ctx.modules.identity.accounts.findByEmail(BASICO);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/operator/subscribers/${basico?.id}`,
      headers: support,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.account).toMatchObject({ id: basico?.id, email: BASICO, name: 'Básico', lockedAt: null });
    expect(page.profiles.length).toBeGreaterThanOrEqual(1);
    expect(page.packages).toEqual([
      expect.objectContaining({ packageId: 1, name: 'Básico', source: 'seed', endsAt: null, active: true }),
    ]);
    expect(page.purchases).toEqual({ items: [], nextCursor: null });
    expect(page.streams).toEqual([]);
    expect(Array.isArray(page.devices)).toBe(true);
    expect(Array.isArray(page.signIns)).toBe(true);
    expect(page.signIns.length).toBeLessThanOrEqual(20);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/subscribers/2000000000',
      headers: support,
    });
    expect(missing.statusCode).toBe(404);
    const purchases = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/operator/subscribers/${basico?.id}/purchases`,
      query: { limit: '5' },
      headers: admin,
    });
    expect(purchases.json()).toEqual({ items: [], nextCursor: null });
  });

  it('lists the sign-ins of an account that signed in, newest first', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: 'maria@correo.test', password: 'clave-larga-1234', rememberMe: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const maria = await ctx.modules.identity.accounts.findByEmail('maria@correo.test');
    const page = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/operator/subscribers/${maria?.id}`, headers: admin })
    ).json();
    expect(page.signIns[0]).toMatchObject({ persistent: true, live: true });
    expect(page.packages.every((p: { source: string }) => p.source === 'registration')).toBe(true);
  });

  it('lets admin and support in, refuses content operators and subscribers', async () => {
    const content = await makeOperator(ctx, 'contenidos-busca@pantalla.test', 'contenidos-busca-1234', 'content');
    for (const url of [
      '/api/v1/operator/subscribers?q=jose',
      `/api/v1/operator/subscribers/${jose}`,
      `/api/v1/operator/subscribers/${jose}/purchases`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url, headers: support })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url, headers: content })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url, headers: await bearerFor(ctx, BASICO) })).statusCode).toBe(
        403,
      );
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
