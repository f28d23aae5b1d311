import type { TestContext } from '../../../test/context';
import { IdentityRepository } from '../identity/identity.repository';
import { signIdToken } from '../identity/tokens';

/** A Bearer header for a seeded demo account, signed as the login route would. */
export async function bearerFor(ctx: TestContext, email: string): Promise<Record<string, string>> {
  const user = await new IdentityRepository(ctx.deps.db).findUserByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  const iat = Math.floor(ctx.clock.now() / 1000);
  const token = signIdToken(ctx.config.authSecret, { sub: user.id, email: user.email, ver: user.tokenVersion, iat, exp: iat + 3600 });
  return { authorization: `Bearer ${token}` };
}

export const DEMO = 'demo@pantalla.test';
export const BASICO = 'basico@pantalla.test';
