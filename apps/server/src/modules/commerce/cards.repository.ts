import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { PurchaseTables } from './tables';

/** The user's payment customer and the provider subscriptions that still renew (they are charged the default card). */
export class CardsRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PurchaseTables> {
    return this.db.kysely<PurchaseTables>();
  }

  async customerOf(userId: number): Promise<string | undefined> {
    return (
      await this.k.selectFrom('paymentCustomers').select('customerId').where('userId', '=', userId).executeTakeFirst()
    )?.customerId;
  }

  async saveCustomer(userId: number, customerId: string, now: number): Promise<string> {
    await this.k
      .insertInto('paymentCustomers')
      .values({ userId, customerId, createdAt: now })
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute();
    return (await this.customerOf(userId)) ?? customerId;
  }

  async liveSubscriptions(userId: number): Promise<string[]> {
    const rows = await this.k
      .selectFrom('purchases')
      .select('subscriptionId')
      .where('userId', '=', userId)
      .where('kind', '=', 'subscription')
      .where('status', '=', 'fulfilled')
      .where('endedAt', 'is', null)
      .where('subscriptionId', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : []));
  }
}
