import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './databases';
import { createTestContext, type TestContext } from './context';

const kinds = await databaseKinds();

describe.each(kinds)('platform on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('openapi');
  });

  it('seeds the demo accounts once', async () => {
    const { seedDemo } = await import('../src/demo/seed');
    await seedDemo(ctx.platform, ctx.modules);
    const rows = await ctx.sql.selectFrom('users').select('email').orderBy('email').execute();
    expect(rows.map((r) => r.email)).toEqual([
      'basico@pantalla.test',
      'contenidos@pantalla.test',
      'demo@pantalla.test',
      'soporte@pantalla.test',
    ]);
  });
});
