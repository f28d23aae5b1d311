import type {
  AccountLockResponse,
  ClosedStreamsResponse,
  GrantPackageRequest,
  OperatorCancelResponse,
  OperatorRefundResponse,
  PackageActionResponse,
  ResetMailResponse,
} from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import { notFound } from '../../platform/errors';
import type { OperatorCommerce } from '../commerce';
import type { AccountLocks, Accounts } from '../identity';

/** What the subscriber page's actions need of the other modules (the composition root wires them). */
export interface SubscriberActionNeeds {
  accounts: Pick<Accounts, 'find'>;
  commerce: OperatorCommerce;
  accountLocks: AccountLocks;
  /** Playback closes one open stream of the account, or all (null), audited; answers how many. */
  closeStreams(userId: number, sessionId: string | null, actor: Actor): Promise<number>;
}

/**
 * The actions on a subscriber's page (issue 27). Each module makes its own change and writes
 * its audit row in that change's transaction; this only checks the account exists first.
 */
export class SubscriberActions {
  constructor(private readonly needs: SubscriberActionNeeds) {}

  private async account(userId: number): Promise<void> {
    if (!(await this.needs.accounts.find(userId))) throw notFound('No existe esa cuenta.');
  }

  async grant(userId: number, input: GrantPackageRequest, actor: Actor): Promise<PackageActionResponse> {
    await this.account(userId);
    return this.needs.commerce.grant(userId, input, actor);
  }

  async revoke(userId: number, packageId: number, reason: string, actor: Actor): Promise<PackageActionResponse> {
    await this.account(userId);
    return this.needs.commerce.revoke(userId, packageId, reason, actor);
  }

  cancel(userId: number, purchaseId: string, reason: string, actor: Actor): Promise<OperatorCancelResponse> {
    return this.needs.commerce.cancel(userId, purchaseId, reason, actor);
  }

  refund(userId: number, purchaseId: string, reason: string, actor: Actor): Promise<OperatorRefundResponse> {
    return this.needs.commerce.refund(userId, purchaseId, reason, actor);
  }

  async closeStream(userId: number, sessionId: string, actor: Actor): Promise<ClosedStreamsResponse> {
    await this.account(userId);
    const closed = await this.needs.closeStreams(userId, sessionId, actor);
    if (closed === 0) throw notFound('Esa reproducción ya no está abierta.');
    return { closed };
  }

  async closeAllStreams(userId: number, actor: Actor): Promise<ClosedStreamsResponse> {
    await this.account(userId);
    return { closed: await this.needs.closeStreams(userId, null, actor) };
  }

  lock(userId: number, reason: string, actor: Actor): Promise<AccountLockResponse> {
    return this.needs.accountLocks.lock(userId, actor, reason);
  }

  unlock(userId: number, reason: string, actor: Actor): Promise<AccountLockResponse> {
    return this.needs.accountLocks.unlock(userId, actor, reason);
  }

  resetMail(userId: number, actor: Actor): Promise<ResetMailResponse> {
    return this.needs.accountLocks.sendResetMail(userId, actor);
  }
}
