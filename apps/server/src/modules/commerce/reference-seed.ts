import type { Clock } from '../../platform/clock';
import type { CommerceRepository } from './commerce.repository';
import { PACKAGE_DEFINITIONS, PACKAGE_IDS } from './packages';

/** Products sold with a free trial (days before the first charge): Adultos, 7 days (README, "Demo"). */
const TRIAL_DAYS: Readonly<Record<number, number>> = { [PACKAGE_IDS.adultos]: 7 };

/**
 * The packages and the subscription products that sell them: reference data, since
 * registration grants the basic and welcome packages and the catalogue's channels name
 * their package. Idempotent (inserts skip existing rows, so an operator's price stays).
 */
export async function seedPackages(repo: CommerceRepository, clock: Clock): Promise<void> {
  const now = clock.now();
  for (const p of PACKAGE_DEFINITIONS) {
    await repo.ensurePackage({ id: p.id, name: p.name, description: p.description, kind: p.kind }, now);
    if (p.monthlyCents === null) continue;
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
      trialDays: TRIAL_DAYS[p.id] ?? 0,
    });
  }
}
