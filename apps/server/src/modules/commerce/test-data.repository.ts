import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/database';
import type { EntitlementTable, PurchaseTable, PurchaseTables } from './tables';

/**
 * Commerce's data for other modules' suites (test/builders.ts): entitlements granted, ended
 * or taken away, products off sale, purchases as a payment would leave them. Only tests
 * import it; a schema change is fixed here once.
 */
export function commerceBuilders(db: Db) {
  const sql = () => db.kysely<PurchaseTables>();
  return {
    async newEntitlement(row: Insertable<EntitlementTable>): Promise<void> {
      await sql().insertInto('entitlements').values(row).execute();
    },
    /** Moves the end of the user's entitlement to a package (null: open-ended). */
    async setEntitlementEnd(userId: number, packageId: number, endsAt: number | null): Promise<void> {
      await sql()
        .updateTable('entitlements')
        .set({ endsAt })
        .where('userId', '=', userId)
        .where('packageId', '=', packageId)
        .execute();
    },
    async removeEntitlement(userId: number, packageId: number): Promise<void> {
      await sql().deleteFrom('entitlements').where('userId', '=', userId).where('packageId', '=', packageId).execute();
    },
    async setProductOnSale(productId: number, onSale: boolean): Promise<void> {
      await sql()
        .updateTable('products')
        .set({ active: onSale ? 1 : 0 })
        .where('id', '=', productId)
        .execute();
    },
    async newPurchase(row: Insertable<PurchaseTable>): Promise<void> {
      await sql().insertInto('purchases').values(row).execute();
    },
    async updatePurchase(purchaseId: string, values: Updateable<PurchaseTable>): Promise<void> {
      await sql().updateTable('purchases').set(values).where('id', '=', purchaseId).execute();
    },
  };
}
