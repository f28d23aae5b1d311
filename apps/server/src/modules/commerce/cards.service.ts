import type { CardConfirmResponse, CardOnFileResponse, CardSetupResponse, SavedCard } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/database';
import { AppError, conflict, notFound } from '../../platform/errors';
import { asSubscriber } from './provider-answers';
import { ProviderRefusedError, type PaymentProvider, type SavedCardView } from './payments/provider';
import { CardsRepository } from './cards.repository';

/** The signed-in subscriber as the card on file needs them. */
export interface CardHolder {
  userId: number;
  email: string;
}

/** What a new card pays at once: the renewals a failed payment left unpaid (PurchasesService.retryUnpaid). */
export type RetryUnpaid = (userId: number) => Promise<string[]>;

export const SETUP_NOT_FOUND = 'No encontramos ese registro de tarjeta.';
export const SETUP_NOT_DONE = 'La tarjeta aún no está guardada: confírmala en el campo de tarjeta.';
export const NO_CARD = 'No tienes ninguna tarjeta guardada.';

const shown = (card: SavedCardView | null): SavedCard | null =>
  card ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null;

/**
 * The card on file (issue 26): saved through a setup intent the card field confirms, shown as
 * brand, last four and expiry, replaced or removed. The server trusts only what it asks the
 * provider itself. Removing the card is allowed while a subscription renews: its next renewal
 * then fails into the grace period (the settings screen warns before removing).
 */
export class CardsService {
  private readonly repo: CardsRepository;

  constructor(
    db: Db,
    private readonly payments: PaymentProvider,
    private readonly clock: Clock,
    private readonly operator: string,
    private readonly retryUnpaid: RetryUnpaid,
  ) {
    this.repo = new CardsRepository(db);
  }

  async card(userId: number): Promise<CardOnFileResponse> {
    const customerId = await this.repo.customerOf(userId);
    if (!customerId) return { card: null };
    return { card: shown(await asSubscriber(() => this.payments.defaultCard(customerId))) };
  }

  /** Starts saving (or replacing) the card: a setup intent for the user's customer, made now if there is none. */
  async setup(holder: CardHolder, cardFormUrl: string): Promise<CardSetupResponse> {
    const customerId = await this.customerFor(holder);
    const key = `card-setup-${holder.userId}-${this.clock.now()}-${Math.random().toString(36).slice(2, 10)}`;
    const setup = await asSubscriber(() =>
      this.payments.createSetupIntent({ customerId, metadata: { userId: String(holder.userId) }, idempotencyKey: key }),
    );
    return { setupIntentId: setup.id, clientSecret: setup.clientSecret, cardFormUrl, provider: this.operator };
  }

  private async customerFor(holder: CardHolder): Promise<string> {
    const known = await this.repo.customerOf(holder.userId);
    if (known) return known;
    const created = await asSubscriber(() =>
      this.payments.createCustomer({ email: holder.email, name: holder.email, userId: holder.userId }),
    );
    return this.repo.saveCustomer(holder.userId, created, this.clock.now());
  }

  /**
   * After the card field saved the card: only a succeeded setup intent of this user's customer
   * counts. Its card becomes the default of the customer and of every subscription that renews,
   * the previous card is detached, and what failed renewals left unpaid is paid with it.
   */
  async confirm(userId: number, setupIntentId: string): Promise<CardConfirmResponse> {
    const customerId = await this.repo.customerOf(userId);
    if (!customerId) throw notFound(SETUP_NOT_FOUND);
    const setup = await asSubscriber(async () => {
      try {
        return await this.payments.retrieveSetupIntent(setupIntentId);
      } catch (error) {
        if (error instanceof ProviderRefusedError) return null;
        throw error;
      }
    });
    if (!setup || setup.customerId !== customerId) throw notFound(SETUP_NOT_FOUND);
    if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw conflict(SETUP_NOT_DONE);
    const paymentMethodId = setup.paymentMethodId;
    const previous = await asSubscriber(() => this.payments.defaultCard(customerId));
    if (previous?.paymentMethodId !== paymentMethodId) {
      await asSubscriber(async () =>
        this.payments.setDefaultPaymentMethod(customerId, paymentMethodId, await this.repo.liveSubscriptions(userId)),
      );
      // The replaced card is never charged again; already gone (a second confirm) is fine.
      if (previous)
        await asSubscriber(() => this.payments.detachPaymentMethod(previous.paymentMethodId)).catch((error: unknown) =>
          error instanceof AppError && error.status === 402 ? undefined : Promise.reject(error),
        );
    }
    const recovered = await this.retryUnpaid(userId);
    return { card: shown(await asSubscriber(() => this.payments.defaultCard(customerId))), recovered };
  }

  /** Removes the card on file: detached at the provider, never charged again. */
  async remove(userId: number): Promise<CardOnFileResponse> {
    const customerId = await this.repo.customerOf(userId);
    const current = customerId ? await asSubscriber(() => this.payments.defaultCard(customerId)) : null;
    if (!current) throw notFound(NO_CARD);
    await asSubscriber(() => this.payments.detachPaymentMethod(current.paymentMethodId));
    return { card: null };
  }
}
