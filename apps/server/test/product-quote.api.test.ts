import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductQuote } from '@pantalla/contracts';
import { PACKAGE_IDS } from '../src/modules/commerce';
import { bearerFor, BASICO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { builders } from './builders';

const kinds = await databaseKinds();

describe.each(kinds)('a product as the server sells it, on %s (issue 26)', (kind) => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    auth = await bearerFor(ctx, BASICO);
  }, 60_000);
  afterAll(async () => ctx?.close());

  const quote = (productId: number | string, headers = auth) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/products/${productId}`, headers });
  const setCountry = async (country: string | null) =>
    builders(ctx).updateUser(await builders(ctx).userIdOf(BASICO), { country });

  it("answers the product's own price, title and period, whatever a purchase link claims, with Spain's VAT by default", async () => {
    await setCountry(null);
    const response = await quote(PACKAGE_IDS.cine);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const body = response.json<ProductQuote>();
    expect(body.product).toMatchObject({
      id: PACKAGE_IDS.cine,
      title: 'Cine Plus',
      priceCents: 999,
      curr: 'EUR',
      recurring: true,
      interval: 'month',
    });
    // Prices include VAT: 9,99 € at 21 % holds 1,73 €.
    expect(body.vat).toEqual({ country: 'ES', ratePercent: 21, includedCents: 173 });
  });

  it("computes the VAT at the rate of the account's country (VAT_RATES), the first listed for a country not listed", async () => {
    await setCountry('PT');
    expect((await quote(PACKAGE_IDS.cine)).json<ProductQuote>().vat).toEqual({
      country: 'PT',
      ratePercent: 23,
      includedCents: 187,
    });
    await setCountry('DE');
    expect((await quote(PACKAGE_IDS.deportes)).json<ProductQuote>().vat).toEqual({
      country: 'DE',
      ratePercent: 19,
      includedCents: 239,
    });
    await setCountry('MX');
    expect((await quote(PACKAGE_IDS.cine)).json<ProductQuote>().vat).toEqual({
      country: 'ES',
      ratePercent: 21,
      includedCents: 173,
    });
    await setCountry(null);
  });

  it('refuses an unknown or withdrawn product with 404, a bad id with 400 and no session with 401', async () => {
    expect((await quote(999_999)).statusCode).toBe(404);
    expect((await quote(PACKAGE_IDS.bienvenida)).statusCode).toBe(404);
    await builders(ctx).setProductOnSale(PACKAGE_IDS.series, false);
    expect((await quote(PACKAGE_IDS.series)).statusCode).toBe(404);
    await builders(ctx).setProductOnSale(PACKAGE_IDS.series, true);
    expect((await quote('abc')).statusCode).toBe(400);
    expect((await quote(PACKAGE_IDS.cine, {})).statusCode).toBe(401);
  });
});
