import type { SubscriberPackage, SubscriberPurchasePage } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest } from '../../platform/errors';
import type { SubscriberViewRepository } from './subscriber-view.repository';

/** What the console asks commerce for a subscriber's page (issue 27). */
export interface SubscriberCommerce {
  /** The account's packages with where each came from and until when. */
  packagesOf(userId: number): Promise<SubscriberPackage[]>;
  /** The account's purchases and subscriptions, newest first, a page at a time. */
  purchasesOf(userId: number, cursor: string | undefined, limit: number): Promise<SubscriberPurchasePage>;
}

const BAD_CURSOR = 'El cursor no es válido.';

/** Cursor: base64url of '<createdAt>:<purchase id>' of the page's last purchase. */
function decodeCursor(cursor: string): { createdAt: number; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  const createdAt = Number(text.slice(0, colon));
  if (colon < 1 || !Number.isSafeInteger(createdAt)) throw badRequest(BAD_CURSOR);
  return { createdAt, id: text.slice(colon + 1) };
}

/** Commerce's reads for the subscriber page. */
export class SubscriberView implements SubscriberCommerce {
  constructor(
    private readonly repo: SubscriberViewRepository,
    private readonly clock: Clock,
  ) {}

  async packagesOf(userId: number): Promise<SubscriberPackage[]> {
    const now = this.clock.now();
    const rows = await this.repo.entitlementsOf(userId);
    return rows.map((row) => ({ ...row, active: row.startsAt <= now && (row.endsAt === null || row.endsAt > now) }));
  }

  async purchasesOf(userId: number, cursor: string | undefined, limit: number): Promise<SubscriberPurchasePage> {
    const rows = await this.repo.purchasesOf(userId, cursor === undefined ? null : decodeCursor(cursor), limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(({ refunds, cancelAtPeriodEnd, ...row }) => ({
        ...row,
        cancelAtPeriodEnd: cancelAtPeriodEnd === 1,
        refunded: Number(refunds) > 0,
      })),
      nextCursor:
        rows.length > limit && last ? Buffer.from(`${last.createdAt}:${last.id}`, 'utf8').toString('base64url') : null,
    };
  }
}
