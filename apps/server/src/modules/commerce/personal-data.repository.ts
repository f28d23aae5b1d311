import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { PurchaseRow, PurchaseTables } from './tables';

/** SQL of the user's purchases for the data export and the account's deletion (issue 26). */
export class CommerceDataRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PurchaseTables> {
    return this.db.kysely<PurchaseTables>();
  }

  purchases(userId: number): Promise<PurchaseRow[]> {
    return this.k.selectFrom('purchases').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();
  }

  /**
   * Purchases and their log stay for accounting with the holder's name blanked; the account's
   * packages and its provider customer link go.
   */
  async anonymise(userId: number): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx.updateTable('purchases').set({ holderName: '' }).where('userId', '=', userId).execute();
      await trx.updateTable('purchaseLog').set({ name: '' }).where('userId', '=', userId).execute();
      await trx.deleteFrom('entitlements').where('userId', '=', userId).execute();
      await trx.deleteFrom('paymentCustomers').where('userId', '=', userId).execute();
    });
  }
}
