import type { Platform, ServerModule } from '../../platform/module';
import type { Authenticator, Mailer, PersonalDataHolder, PurchaseGuard } from '../identity';
import { BillingHistory, type ContactOf } from './billing-history';
import { BillingHistoryRepository } from './billing-history.repository';
import { billingRoutes } from './billing.routes';
import { Refunds } from './refunds';
import { OperatorCommerceActions, type OperatorCommerce } from './operator-actions';
import { OperatorCommerceRepository } from './operator-actions.repository';
import { operatorProductRoutes } from './operator-products.routes';
import { OperatorProductsRepository } from './operator-products.repository';
import { OperatorProducts } from './operator-products.service';
import { commercePersonalData } from './personal-data';
import { CommerceDataRepository } from './personal-data.repository';
import { CommerceRepository } from './commerce.repository';
import { commerceRoutes, type CountryOf } from './commerce.routes';
import { CommerceService, type AccessRights, type Entitlements, type PpvOffers } from './commerce.service';
import { commerceMigrations } from './migrations';
import { StripeProvider, type StripeEndpoint } from './payments/stripe-provider';
import { PurchasesRepository } from './purchases.repository';
import { purchaseRoutes, WEBHOOK_PATH } from './purchases.routes';
import { cardRoutes } from './cards.routes';
import { CardsService } from './cards.service';
import { PurchasesService, type LifecycleOptions } from './purchases.service';
import { Promotions } from './promotions';
import { CheckoutQuotes, quoteRoutes } from './quote.routes';
import { seedPackages } from './reference-seed';
import { SubscriberView, type SubscriberCommerce } from './subscriber-view';
import { SubscriberViewRepository } from './subscriber-view.repository';

export type { OperatorCommerce } from './operator-actions';
export type { AccessResolver, AccessRights, Entitlements, PpvOffer, PpvOffers } from './commerce.service';
export { PACKAGE_IDS } from './packages';
export type { SubscriberCommerce } from './subscriber-view';
export { oneMonthAfter } from './purchases.service';

/** The provider's webhook, as a path under /api/v1. */
export const PAYMENT_WEBHOOK_PATH = `/api/v1${WEBHOOK_PATH}`;

/** What commerce needs of other modules. */
export interface CommerceNeeds {
  auth: Authenticator;
  /** A kids profile buys only with the account password (issue 30). */
  purchaseGuard: PurchaseGuard;
  /** The account's country (null when none): its VAT rate applies to what it is shown. */
  countryOf: CountryOf;
  /** Billing mails (receipts, renewals, failures, refunds) go through identity's mailer. */
  mailer: Mailer;
  /** The account's address and language now: the mails' recipient and language, the receipt's buyer. */
  contactOf: ContactOf;
}

/** Commerce as the other modules see it. */
export interface Commerce {
  module: ServerModule;
  access: AccessRights;
  offers: PpvOffers;
  entitlements: Entitlements;
  /** Asks the provider about unconfirmed purchases now (start-up does it; tests call it). */
  reconcile(): Promise<number>;
  /** Ends subscriptions whose grace period is over unpaid (the periodic check does it; tests call it). */
  expireGrace(): Promise<number>;
  /** Pays what failed renewals left open with the user's default card; the purchases recovered. */
  retryUnpaid(userId: number): Promise<string[]>;
  /** The user's purchases for the data export; a deletion cancels subscriptions and anonymises purchases (issue 26). */
  personalData: PersonalDataHolder;
  /** The console's subscriber page: the account's packages and purchases (issue 27). */
  subscriberView: SubscriberCommerce;
  /** The console's actions on a subscriber's packages and purchases (issue 27), each audited. */
  operator: OperatorCommerce;
}

/** Pending purchases are asked about this often, once they are this old (the webhook usually comes first). */
const RECONCILE_EVERY_MS = 60_000;
const RECONCILE_AFTER_MS = 30_000;
const RECONCILE_LOCK = 'commerce.reconcile';
const GRACE_LOCK = 'commerce.grace';

/** Where the Stripe client talks: the configured host, or this server's own sandbox once it listens. */
function endpointOf(platform: Platform, selfUrl: () => string | undefined): () => StripeEndpoint | null {
  const p = platform.config.payments;
  return () => {
    const apiUrl = p.apiUrl ?? (p.provider === 'sandbox' ? selfUrl() : undefined);
    if (p.provider === 'sandbox' && !apiUrl) return null;
    return { secretKey: p.secretKey, publishableKey: p.publishableKey, webhookSecret: p.webhookSecret, apiUrl };
  };
}

/** The card field: the sandbox's is on its own origin path; with Stripe it is Stripe.js inside our page. */
function cardFormUrlOf(platform: Platform): string {
  const p = platform.config.payments;
  const query = `key=${encodeURIComponent(p.publishableKey)}&locale=es`;
  return p.provider === 'sandbox'
    ? `${p.apiUrl ?? ''}/payments-sandbox/elements/card?${query}`
    : `/api/v1/payments/stripe-card?${query}`;
}

/** Packages, PPV and subscription products, entitlements, purchases and payments. */
function billingHistoryOf(
  platform: Platform,
  needs: CommerceNeeds,
  payments: StripeProvider,
  repo: BillingHistoryRepository,
): BillingHistory {
  const { config } = platform;
  return new BillingHistory({
    repo,
    mailer: needs.mailer,
    contactOf: needs.contactOf,
    countryOf: needs.countryOf,
    cardOf: (paymentMethodId) => payments.paymentMethodCard(paymentMethodId),
    paymentMethodOf: async (paymentIntentId) => (await payments.retrievePaymentIntent(paymentIntentId)).paymentMethodId,
    vat: config.vat,
    log: platform.log,
    operatorName: config.operator.name,
    seller: () => config.operator.legal,
    settingsUrl: `${config.publicUrl}/settings/`,
  });
}

/** Reconciles purchases left half-done and ends lapsed grace periods, now and on a timer, once per cluster; the stopper. */
function startReconciliation(
  platform: Platform,
  purchases: PurchasesService,
  expireGrace: () => Promise<unknown>,
): () => Promise<void> {
  const { disabledReason } = platform.config.payments;
  if (disabledReason !== null) {
    // Nothing sold, nothing to reconcile: said once at start, so the operator knows why.
    platform.log.warn(disabledReason);
    return async () => {};
  }
  const run = (olderThan: number) =>
    platform.db
      .exclusive(RECONCILE_LOCK, () => purchases.reconcile(olderThan))
      .catch((error: unknown) => platform.log.warn({ err: error }, 'purchase reconciliation failed'));
  const expire = () =>
    expireGrace().catch((error: unknown) => platform.log.warn({ err: error }, 'grace period check failed'));
  const first = Promise.all([run(0), expire()]);
  const timer = setInterval(() => {
    void run(RECONCILE_AFTER_MS);
    void expire();
  }, RECONCILE_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await first;
  };
}

export function createCommerce(platform: Platform, needs: CommerceNeeds): Commerce {
  const repo = new CommerceRepository(platform.db);
  const service = new CommerceService(platform.clock, repo, platform.caches);
  let selfUrl: string | undefined;
  const payments = new StripeProvider(
    endpointOf(platform, () => selfUrl),
    cardFormUrlOf(platform),
  );
  // The billing history and mails listen to what purchases learn; refunds are recorded by it too.
  const billingRepo = new BillingHistoryRepository(platform.db);
  const history = billingHistoryOf(platform, needs, payments, billingRepo);
  const refunds = new Refunds(
    billingRepo,
    payments,
    history,
    platform.clock,
    (userId) => service.forget(userId),
    platform.log,
  );
  const billingEvents = history;
  const purchasesRepo = new PurchasesRepository(platform.db);
  const promotionCodes = new Promotions(
    payments,
    platform.clock,
    async (userId) => (await purchasesRepo.fulfilledOf(userId)).length > 0,
  );
  const lifecycle: LifecycleOptions = {
    graceDays: platform.config.billingGraceDays,
    promotions: ({ code, product, userId }) => promotionCodes.resolvePromotion(code, product, userId),
    refunds,
  };
  const purchases = new PurchasesService(
    purchasesRepo,
    payments,
    platform.clock,
    platform.config.operator.providerName,
    (userId) => service.ownedPackageIds(userId),
    (userId) => service.forget(userId),
    platform.log,
    lifecycle,
    billingEvents,
  );
  // The checkout's terms: price, VAT, trial, the promotion code's discount, the card on file.
  const quotes = new CheckoutQuotes({
    commerce: service,
    productRow: (id) => repo.findActiveProduct(id),
    promotions: promotionCodes,
    payments,
    customerOf: (userId) => purchasesRepo.customerOf(userId),
    countryOf: needs.countryOf,
    vat: platform.config.vat,
    clock: platform.clock,
    log: platform.log,
  });
  // The card on file: a new card pays what failed renewals left unpaid.
  const cards = new CardsService(
    platform.db,
    payments,
    platform.clock,
    platform.config.operator.providerName,
    (userId) => purchases.retryUnpaid(userId),
  );
  const reconcile = () => platform.db.exclusive(RECONCILE_LOCK, () => purchases.reconcile());
  const expireGrace = () => platform.db.exclusive(GRACE_LOCK, () => purchases.expireGrace());
  const module: ServerModule = {
    name: 'commerce',
    migrations: commerceMigrations,
    seedReference: () => seedPackages(repo, platform.clock),
    routes: async (app) => {
      await commerceRoutes(app, service, needs.auth, needs.countryOf, platform.config.vat);
      await purchaseRoutes(app, purchases, payments, needs, () => platform.clock.now(), platform.config.payments);
      await billingRoutes(app, history, refunds, needs.auth);
      await quoteRoutes(app, quotes, needs.auth, platform.config.payments.provider !== 'none');
      await cardRoutes(
        app,
        cards,
        needs.auth,
        () => payments.cardFormUrl(),
        platform.config.payments.provider !== 'none',
      );
      // The console's products and prices (issue 27).
      await operatorProductRoutes(
        app,
        new OperatorProducts(new OperatorProductsRepository(platform.db), payments, platform.clock, () =>
          service.productsChanged(),
        ),
        needs.auth,
      );
    },
    startWork: (url) => {
      selfUrl = url;
      const { missing } = platform.config.operator.legal;
      if (missing.length > 0)
        platform.log.warn(
          `Los recibos no nombran al vendedor entero: falta ${missing.join(', ')} (README, "Configure").`,
        );
      return startReconciliation(platform, purchases, expireGrace);
    },
  };
  const personalData = history.withPersonalData(
    commercePersonalData(new CommerceDataRepository(platform.db), purchases, (userId) => service.forget(userId)),
  );
  const operator = new OperatorCommerceActions(
    new OperatorCommerceRepository(platform.db),
    service,
    purchases,
    refunds,
    platform.clock,
    platform.log,
  );
  const subscriberView = new SubscriberView(new SubscriberViewRepository(platform.db), platform.clock);
  return {
    module,
    access: service,
    offers: service,
    entitlements: service,
    reconcile,
    expireGrace,
    retryUnpaid: (userId) => purchases.retryUnpaid(userId),
    personalData,
    operator,
    subscriberView,
  };
}
