import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearerFor, BASICO, DEMO } from '../auth';
import { createTestContext, type TestContext } from '../context';
import type { DatabaseKind } from '../databases';
import { listenWithWork } from '../payments';

/** The administrator of the security suites: an account of its own, so demo@ is an ordinary subscriber here. */
export const ADMIN = { email: 'admin@pantalla.test', password: 'admin-secreto-1234' };

/** Who calls: nobody, the two demo subscribers, and an administrator. */
export type Caller = 'anonymous' | 'basico' | 'demo' | 'admin';
export const CALLERS: readonly Caller[] = ['anonymous', 'basico', 'demo', 'admin'];

/** An address off this machine: the suites probe as an outsider would. */
export const OUTSIDE = '203.0.113.7';

export interface SecurityContext {
  ctx: TestContext;
  headers: Record<Caller, Record<string, string>>;
  /** app.inject from OUTSIDE, as `caller`. */
  call(caller: Caller, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A demo server with an administrator account, and a bearer header for each caller. */
export async function createSecurityContext(kind: DatabaseKind): Promise<SecurityContext> {
  const ctx = await createTestContext(kind, { ADMIN_EMAILS: ADMIN.email });
  // Listening, so the payment routes reach the built-in payment sandbox as they do in service.
  const served = await listenWithWork(ctx);
  const closeContext = ctx.close.bind(ctx);
  ctx.close = async () => {
    await served.stop();
    await closeContext();
  };
  await ctx.modules.identity.accounts.create({
    email: ADMIN.email,
    password: ADMIN.password,
    name: 'Admin',
    surname: 'Pantalla',
    pin: null,
  });
  const headers: Record<Caller, Record<string, string>> = {
    anonymous: {},
    basico: await bearerFor(ctx, BASICO),
    demo: await bearerFor(ctx, DEMO),
    admin: await bearerFor(ctx, ADMIN.email),
  };
  // The admin typed the password again, so sensitive operator routes let it through too.
  const reauth = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/operator/reauth',
    headers: headers.admin,
    payload: { password: ADMIN.password },
  });
  if (reauth.statusCode !== 200)
    throw new Error(`the suites' admin could not re-authenticate: ${reauth.statusCode} ${reauth.body}`);
  return {
    ctx,
    headers,
    call(caller, options) {
      return ctx.app.inject({
        remoteAddress: OUTSIDE,
        ...options,
        headers: { ...headers[caller], ...(options.headers ?? {}) },
      });
    },
  };
}
