import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { PurchaseRow, PurchaseTables } from './tables';

/** An entitlement with its package's name. */
export interface EntitlementView {
  packageId: number;
  name: string;
  source: string;
  startsAt: number;
  endsAt: number | null;
}

/** A purchase as the console lists it, with whether a refund was recorded for it. */
export type PurchaseView = Pick<
  PurchaseRow,
  | 'id'
  | 'kind'
  | 'title'
  | 'packageId'
  | 'amountCents'
  | 'currency'
  | 'status'
  | 'createdAt'
  | 'paidUntil'
  | 'cancelAtPeriodEnd'
  | 'endedAt'
> & { refunds: number };

/** SQL of commerce's part of the console's subscriber page (issue 27): reads only. */
export class SubscriberViewRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PurchaseTables> {
    return this.db.kysely<PurchaseTables>();
  }

  /** Every entitlement of the account (one per package at most: the primary key). */
  entitlementsOf(userId: number): Promise<EntitlementView[]> {
    return this.k
      .selectFrom('entitlements as e')
      .innerJoin('packages as p', 'p.id', 'e.packageId')
      .select(['e.packageId', 'p.name', 'e.source', 'e.startsAt', 'e.endsAt'])
      .where('e.userId', '=', userId)
      .orderBy('e.packageId')
      .execute();
  }

  /** The account's purchases, newest first, after `after` (the previous page's last). */
  purchasesOf(userId: number, after: { createdAt: number; id: string } | null, limit: number): Promise<PurchaseView[]> {
    let query = this.k
      .selectFrom('purchases as p')
      .select([
        'p.id',
        'p.kind',
        'p.title',
        'p.packageId',
        'p.amountCents',
        'p.currency',
        'p.status',
        'p.createdAt',
        'p.paidUntil',
        'p.cancelAtPeriodEnd',
        'p.endedAt',
      ])
      .select((eb) =>
        eb
          .selectFrom('billingEntries as b')
          .select((b) => b.fn.countAll<number>().as('n'))
          .whereRef('b.purchaseId', '=', 'p.id')
          .where('b.kind', '=', 'refund')
          .as('refunds'),
      )
      .where('p.userId', '=', userId);
    if (after)
      query = query.where((eb) =>
        eb.or([
          eb('p.createdAt', '<', after.createdAt),
          eb.and([eb('p.createdAt', '=', after.createdAt), eb('p.id', '<', after.id)]),
        ]),
      );
    return query.orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').limit(limit).execute() as Promise<
      PurchaseView[]
    >;
  }
}
