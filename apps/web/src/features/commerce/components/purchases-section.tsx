import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnedPurchase } from '@pantalla/contracts';
import { formatDateTime } from '../../../lib/date';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useCancelSubscription, usePurchases } from '../api/purchases';
import { priceLabel } from '../price';
import './commerce.css';

/** The account page's list of subscriptions and pay-per-view purchases, with cancelling a subscription. */
export function PurchasesSection() {
  const { t } = useTranslation('commerce');
  const purchases = usePurchases();
  return (
    <section className="purchases-section" aria-labelledby="purchases-title">
      <h2 id="purchases-title">{t('purchases.title')}</h2>
      {purchases.isError ? <Alert>{t('purchases.loadError')}</Alert> : null}
      {purchases.data ? (
        <>
          <h3>{t('purchases.subscriptions')}</h3>
          {purchases.data.subscriptions.length === 0 ? <p className="commerce-note">{t('purchases.noneSubscriptions')}</p> : null}
          <ul className="purchase-list">
            {purchases.data.subscriptions.map((p) => (
              <SubscriptionItem key={p.purchaseId} purchase={p} />
            ))}
          </ul>
          <h3>{t('purchases.ppv')}</h3>
          {purchases.data.ppv.length === 0 ? <p className="commerce-note">{t('purchases.nonePpv')}</p> : null}
          <ul className="purchase-list">
            {purchases.data.ppv.map((p) => (
              <li key={p.purchaseId} className="purchase-item">
                <div className="purchase-item__main">
                  <span className="purchase-item__title">{p.title}</span>
                  <span className="purchase-item__meta">{t('purchases.boughtAt', { date: formatDateTime(p.purchasedAt) })} · {priceLabel(p.priceCents, p.currency)}</span>
                  {p.endsAt ? <span className="purchase-item__meta">{t('purchases.availableUntil', { date: formatDateTime(p.endsAt) })}</span> : null}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function SubscriptionItem({ purchase }: { purchase: OwnedPurchase }) {
  const { t } = useTranslation('commerce');
  const { t: tc } = useTranslation();
  const cancel = useCancelSubscription();
  const [asking, setAsking] = useState(false);
  const ends = purchase.endsAt ? formatDateTime(purchase.endsAt) : '';
  const period = purchase.state === 'active' ? t('purchases.renews', { date: ends }) : purchase.state === 'cancelled' ? t('purchases.endsAt', { date: ends }) : t('purchases.endedAt', { date: ends });
  return (
    <li className="purchase-item">
      <div className="purchase-item__main">
        <span className="purchase-item__title">{purchase.title}</span>
        <span className="purchase-item__meta">{t('purchases.purchasedAt', { date: formatDateTime(purchase.purchasedAt) })} · {t('summary.perMonth', { price: priceLabel(purchase.priceCents, purchase.currency) })}</span>
        {purchase.endsAt ? <span className="purchase-item__meta">{period}</span> : null}
      </div>
      <div className="purchase-item__actions">
        <span className="purchase-item__state">{t(`purchases.${purchase.state}`)}</span>
        {purchase.state === 'active' && !asking ? (
          <Button variant="secondary" onClick={() => setAsking(true)} aria-label={t('purchases.cancelTitle', { title: purchase.title })}>
            {t('purchases.cancel')}
          </Button>
        ) : null}
      </div>
      {asking && purchase.state === 'active' ? (
        <div className="purchase-item__actions" role="group" aria-label={t('purchases.cancelTitle', { title: purchase.title })}>
          <p>{t('purchases.cancelConfirm', { date: ends })}</p>
          <Button variant="primary" loading={cancel.isPending} onClick={() => cancel.mutate(purchase.purchaseId, { onSettled: () => setAsking(false) })}>
            {tc('actions.yes')}
          </Button>
          <Button variant="ghost" onClick={() => setAsking(false)}>{tc('actions.no')}</Button>
        </div>
      ) : null}
      {cancel.isError ? <Alert>{cancel.error.message}</Alert> : null}
    </li>
  );
}
