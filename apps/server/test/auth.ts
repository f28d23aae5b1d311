import { IdentityRepository, signIdToken } from '../src/modules/identity/testing';
import type { TestContext } from './context';

/** A Bearer header for a seeded demo account, signed as the login route would (suites of any module use it). */
export async function bearerFor(ctx: TestContext, email: string): Promise<Record<string, string>> {
  const user = await new IdentityRepository(ctx.platform.db).findUserByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  const iat = Math.floor(ctx.clock.now() / 1000);
  const token = signIdToken(ctx.config.authSecret, {
    sub: user.id,
    email: user.email,
    ver: user.tokenVersion,
    iat,
    exp: iat + 3600,
  });
  return { authorization: `Bearer ${token}` };
}

export const DEMO = 'demo@pantalla.test';
export const BASICO = 'basico@pantalla.test';
