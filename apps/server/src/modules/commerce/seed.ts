import type { Deps } from '../../platform/module';
import { DEMO_ACCOUNTS } from '../identity/seed';
import { CommerceRepository } from './commerce.repository';
import { PACKAGE_DEFINITIONS, PACKAGE_IDS } from './packages';

/**
 * Packages, their subscription products and the demo accounts' entitlements: demo@ owns
 * every package, basico@ only the basic one. Idempotent (inserts skip existing rows).
 */
export async function seedCommerce({ db, clock }: Deps): Promise<void> {
  const repo = new CommerceRepository(db);
  const now = clock.now();
  for (const p of PACKAGE_DEFINITIONS) {
    await repo.ensurePackage({ id: p.id, name: p.name, description: p.description, kind: p.kind }, now);
    if (p.monthlyCents !== null) {
      await repo.ensureProduct({
        id: p.id,
        packageId: p.id,
        kind: 'subscription',
        title: p.name,
        subtitle: p.description,
        priceCents: p.monthlyCents,
        currency: 'EUR',
        fcIni: now,
        fcEnd: null,
        recurring: 1,
        interval: 'month',
        eventId: null,
        channelId: null,
        active: 1,
      });
    }
  }
  const allIds = (await repo.listPackages()).map((p) => p.id);
  for (const account of DEMO_ACCOUNTS) {
    const [userId] = await repo.userIdsByEmail([account.email]);
    if (userId === undefined) continue;
    const ids = account.owns === 'all' ? allIds : [PACKAGE_IDS.basic];
    for (const packageId of ids) await repo.grant(userId, packageId, now, 'seed');
  }
}
