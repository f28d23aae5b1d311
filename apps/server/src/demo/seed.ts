import type { Modules } from '../compose';
import { DEMO_CHANNEL_IDS } from '../modules/catalogue';
import type { Platform } from '../platform/module';
import { DEMO_ACCOUNTS } from './accounts';

/** The lock the demo seed runs under, so two demo processes starting at once seed once. */
const DEMO_SEED_LOCK = 'demo-seed';

/**
 * The demo: its accounts, the demo catalogue with a generated guide and PPV offers, and
 * the accounts' packages (demo@ owns every package, the PPV ones made just now too).
 * Idempotent: a second run only tops up the guide and grants what is new.
 */
export async function seedDemo(platform: Platform, modules: Modules): Promise<void> {
  await platform.db.exclusive(DEMO_SEED_LOCK, async () => {
    const accounts = [];
    for (const account of DEMO_ACCOUNTS) {
      const existing = await modules.identity.accounts.findByEmail(account.email);
      const user =
        existing ??
        (await modules.identity.accounts.create({
          email: account.email,
          password: account.password,
          name: account.name,
          surname: 'Pantalla',
          pin: account.pin,
        }));
      accounts.push({ account, userId: user.id });
      if (account.role) await modules.identity.operators.seedRole(user.id, account.role);
    }
    // demo@ became an account only now: its ADMIN_EMAILS row, so the roles screen lists it.
    await modules.identity.operators.seedAdmins();
    await modules.catalogue.seedDemo();
    // Promotion codes to try at checkout (README, "Demo").
    await modules.paymentSandbox.seedDemoPromotions();
    const everything = await modules.commerce.entitlements.packageIds();
    for (const { account, userId } of accounts) {
      await modules.commerce.entitlements.grant(userId, account.owns === 'all' ? everything : account.owns, 'seed');
    }
  });
  // Outside the seed's lock: the QoE module takes its own (its rollup's), and does nothing unless QOE_DEMO.
  await modules.qoe.seedDemo(DEMO_CHANNEL_IDS);
}

/** The demo accounts as the start prints them. */
export function demoAccountLines(): string[] {
  return DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(26)} contraseña ${a.password.padEnd(15)} ${a.description}`);
}
