import type { Deps } from '../../platform/module';
import { hashSecret } from './password';
import { IdentityRepository } from './identity.repository';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  pin: string | null;
  /** Package ownership is seeded by the catalogue/commerce module: 'all' or 'basic'. */
  owns: 'all' | 'basic';
  description: string;
}

/** The demo accounts, always present. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'demo@pantalla.test', password: 'demo1234', name: 'Demo', pin: '1234', owns: 'all', description: 'todos los paquetes, PIN parental 1234' },
  { email: 'basico@pantalla.test', password: 'basico1234', name: 'Básico', pin: null, owns: 'basic', description: 'solo el paquete básico, sin PIN' },
];

/** Creates the demo accounts when missing; existing ones are left as they are. */
export async function seedIdentity({ db, clock }: Deps): Promise<void> {
  const users = new IdentityRepository(db);
  for (const account of DEMO_ACCOUNTS) {
    if (await users.findUserByEmail(account.email)) continue;
    const user = await users.createUser({
      email: account.email,
      passwordHash: await hashSecret(account.password),
      name: account.name,
      surname: 'Pantalla',
      regionId: 1,
      channelOrder: '[]',
      pinHash: account.pin ? await hashSecret(account.pin) : null,
      tokenVersion: 0,
      createdAt: clock.now(),
    });
    await users.createProfile({ userId: user.id, name: 'Default', isAdult: 1, createdAt: clock.now() });
  }
}
