import { randomUUID } from 'node:crypto';
import type { TestContext } from '../context';
import type { OperatorSamples } from './index';

/** A fresh account for a role change, so a sample never touches the demo accounts or the callers. */
async function freshAccount(ctx: TestContext, tag: string): Promise<{ id: number; email: string }> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@pantalla.test`;
  const user = await ctx.modules.identity.accounts.create({
    email,
    password: 'muestra-1234',
    name: 'Muestra',
    surname: 'Pantalla',
    pin: null,
  });
  return { id: user.id, email };
}

/** Identity's operator changes: granting and revoking roles (the roles screen). */
export const samples: OperatorSamples = {
  'POST /api/v1/operator/roles': async (ctx) => {
    const { email } = await freshAccount(ctx, 'grant');
    return { url: '/api/v1/operator/roles', payload: { email, role: 'content' } };
  },
  'DELETE /api/v1/operator/roles/{userId}/{role}': async (ctx) => {
    const { id } = await freshAccount(ctx, 'revoke');
    await ctx.modules.identity.operators.seedRole(id, 'support');
    return { url: `/api/v1/operator/roles/${id}/support` };
  },
};
