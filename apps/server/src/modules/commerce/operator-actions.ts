import type {
  GrantPackageRequest,
  OperatorCancelResponse,
  OperatorRefundResponse,
  PackageActionResponse,
} from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Log } from '../../platform/logging';
import type { CommerceService } from './commerce.service';
import type { OperatorCommerceRepository } from './operator-actions.repository';
import type { PurchasesService } from './purchases.service';
import type { Refunds } from './refunds';

/** The longest a console grant may run: beyond it an operator means "for good", which a grant is not. */
const GRANT_MAX_MS = 5 * 366 * 24 * 3600_000;

/** What the console may do to a subscriber's packages and purchases (issue 27); every change audited. */
export interface OperatorCommerce {
  grant(userId: number, input: GrantPackageRequest, actor: Actor): Promise<PackageActionResponse>;
  revoke(userId: number, packageId: number, reason: string, actor: Actor): Promise<PackageActionResponse>;
  cancel(userId: number, purchaseId: string, reason: string, actor: Actor): Promise<OperatorCancelResponse>;
  /** Refunds what is left of the purchase's latest payment through the provider, once however often asked at once. */
  refund(userId: number, purchaseId: string, reason: string, actor: Actor): Promise<OperatorRefundResponse>;
}

/** The console's commerce actions over the module's own services (refunds reuse issue 26's). */
export class OperatorCommerceActions implements OperatorCommerce {
  /** Refunds under way in this process: a second click waits for the first and answers the same. */
  private readonly inflight = new Map<string, Promise<OperatorRefundResponse>>();

  constructor(
    private readonly repo: OperatorCommerceRepository,
    private readonly commerce: CommerceService,
    private readonly purchases: PurchasesService,
    private readonly refunds: Refunds,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  async grant(userId: number, input: GrantPackageRequest, actor: Actor): Promise<PackageActionResponse> {
    const now = this.clock.now();
    if (input.endsAt <= now) throw badRequest('La fecha de fin tiene que ser futura.');
    if (input.endsAt > now + GRANT_MAX_MS) throw badRequest('Un paquete se concede como mucho por cinco años.');
    if (!(await this.repo.packageExists(input.packageId))) throw notFound('No existe ese paquete.');
    const { covered, row } = await this.repo.grantUntil(
      userId,
      input.packageId,
      input.endsAt,
      now,
      actor,
      input.reason,
    );
    if (covered)
      throw conflict(
        row.endsAt === null
          ? 'Esta cuenta ya tiene este paquete sin fecha de fin.'
          : 'Esta cuenta ya tiene este paquete hasta esa fecha o más.',
      );
    await this.commerce.rightsChanged(userId);
    return row;
  }

  async revoke(userId: number, packageId: number, reason: string, actor: Actor): Promise<PackageActionResponse> {
    const row = await this.repo.revoke(userId, packageId, this.clock.now(), actor, reason);
    if (!row) throw notFound('Esta cuenta no tiene ese paquete ahora.');
    await this.commerce.rightsChanged(userId);
    return row;
  }

  async cancel(userId: number, purchaseId: string, reason: string, actor: Actor): Promise<OperatorCancelResponse> {
    const view = await this.purchases.cancel(userId, purchaseId, { actor, reason });
    return { purchaseId, status: view.state, endsAt: view.endsAt === null ? null : Date.parse(view.endsAt) };
  }

  async refund(userId: number, purchaseId: string, reason: string, actor: Actor): Promise<OperatorRefundResponse> {
    const key = `${userId}:${purchaseId}`;
    const running = this.inflight.get(key);
    if (running) return running;
    const work = this.refundOnce(userId, purchaseId, reason, actor).finally(() => this.inflight.delete(key));
    this.inflight.set(key, work);
    return work;
  }

  /**
   * One refund: the provider's (its idempotency key is the purchase, so a retry from another
   * process is the same refund) and, for a subscription, its end at the provider; then the
   * claim, the entitlement's end and the audit row in one transaction; a request that finds
   * the claim taken answers 409.
   */
  private async refundOnce(
    userId: number,
    purchaseId: string,
    reason: string,
    actor: Actor,
  ): Promise<OperatorRefundResponse> {
    const purchase = await this.repo.purchase(purchaseId);
    if (!purchase || purchase.userId !== userId || purchase.status !== 'fulfilled')
      throw notFound('No existe esa compra pagada.');
    if (await this.repo.refundRecorded(purchaseId)) throw conflict('Esta compra ya se ha devuelto.');
    const ownedBefore = (await this.commerce.ownedPackageIds(userId)).includes(purchase.packageId);
    const refund = await this.refunds.refund(purchaseId, undefined, `operator-${purchaseId}`);
    // A refunded subscription must not renew and charge again; before the claim, so a retry after a crash still ends it.
    await this.purchases.endAtProvider(purchase);
    const fact = {
      refundId: refund.refundId,
      amountCents: refund.amountCents,
      currency: refund.currency,
      refundedCents: refund.refundedCents,
    };
    if (!(await this.repo.refunded(purchase, fact, ownedBefore, this.clock.now(), actor, reason)))
      throw conflict('Esta compra ya se ha devuelto.');
    await this.commerce.rightsChanged(userId);
    this.log.info(
      { purchase: purchaseId, user: userId, operator: actor.userId, refund: refund.refundId },
      'purchase refunded at the console',
    );
    return { purchaseId, ...fact, packageId: purchase.packageId };
  }
}
