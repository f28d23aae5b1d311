import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PAYMENTS_OFF_REASON } from './config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/pantalla-config-payments', AUTH_SECRET: 'a'.repeat(40) } as const;

describe('payment configuration', () => {
  it('is the sandbox by default, with keys every process derives alike from the auth secret', () => {
    const one = loadConfig({ ...base }).payments;
    expect(one.provider).toBe('sandbox');
    expect(one.secretKey).toMatch(/^sk_test_/);
    expect(one.publishableKey).toMatch(/^pk_test_/);
    expect(one.webhookSecret).toMatch(/^whsec_/);
    expect(loadConfig({ ...base }).payments).toEqual(one);
    expect(loadConfig({ ...base, AUTH_SECRET: 'b'.repeat(40) }).payments.secretKey).not.toBe(one.secretKey);
  });

  it('with Stripe, requires its three keys and names the missing ones', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    const stripe = loadConfig({
      ...base,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    }).payments;
    expect(stripe).toMatchObject({
      provider: 'stripe',
      secretKey: 'sk_live_x',
      publishableKey: 'pk_live_x',
      webhookSecret: 'whsec_x',
      apiUrl: undefined,
    });
  });

  it('in production never falls back to the sandbox: without a provider purchases are off, and why', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      AUTH_SECRET: 'q8Zr2LmX0vTn5bYc7WkPd3HsFj9Ga1UeR4oIy6',
      MEDIA_KEY_SECRET: 'Nw3Xb8Kq1Zr6Ty0Pm5Lc2Vh9Gd4Fs7Ja3Ue8Yo',
    } as const;
    expect(loadConfig({ ...production }).payments).toMatchObject({
      provider: 'none',
      disabledReason: PAYMENTS_OFF_REASON,
      stagingSandbox: false,
      secretKey: '',
    });
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_SANDBOX_IN_PRODUCTION=staging/,
    );
    expect(() =>
      loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_IN_PRODUCTION: 'staging' }).payments,
    ).toMatchObject({ provider: 'sandbox', stagingSandbox: true, disabledReason: null });
    expect(
      loadConfig({
        ...production,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).payments,
    ).toMatchObject({ provider: 'stripe', stagingSandbox: false });
    // Outside production the staging flag changes nothing: the sandbox is the default there.
    expect(loadConfig({ ...base, PAYMENT_SANDBOX_IN_PRODUCTION: 'staging' }).payments).toMatchObject({
      provider: 'sandbox',
      stagingSandbox: false,
    });
  });
});
