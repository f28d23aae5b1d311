import type { PersonalDataHolder } from '../identity';
import type { CommerceDataRepository } from './personal-data.repository';
import type { PurchasesService } from './purchases.service';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Commerce's part of the user's data: purchases; a deletion cancels live subscriptions with the provider first. */
export function commercePersonalData(
  repo: CommerceDataRepository,
  purchases: PurchasesService,
  forget: (userId: number) => void,
): PersonalDataHolder {
  return {
    async export(userId) {
      const rows = await repo.purchases(userId);
      return {
        purchases: rows.map((p) => ({
          purchaseId: p.id,
          kind: p.kind,
          title: p.title,
          subtitle: p.subtitle,
          amountCents: p.amountCents,
          currency: p.currency,
          holderName: p.holderName,
          status: p.status,
          createdAt: iso(p.createdAt),
          fulfilledAt: iso(p.fulfilledAt),
          paidUntil: iso(p.paidUntil),
          cancelAtPeriodEnd: p.cancelAtPeriodEnd === 1,
          endedAt: iso(p.endedAt),
        })),
      };
    },
    async erase(userId) {
      // As the settings' cancel does: with the provider, at the period's end (never renewed).
      const { subscriptions } = await purchases.list(userId);
      for (const s of subscriptions)
        if (s.state === 'active' || s.state === 'trialing' || s.state === 'past_due')
          await purchases.cancel(userId, s.purchaseId);
      await repo.anonymise(userId);
      forget(userId);
    },
  };
}
