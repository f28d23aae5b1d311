import { useState } from 'react';
import type { SubscriberPurchase, SubscriberPurchasePage } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { CancelSubscription, RefundPurchase } from '../actions';
import { useMorePurchases } from '../api/get-subscriber-purchases';
import { useFormats } from '../hooks/use-formats';

/** One purchase: what, how much, its state, and the refund (and for a subscription the cancellation). */
function PurchaseRow({ userId, purchase }: { userId: number; purchase: SubscriberPurchase }) {
  const { t } = useTranslation('operator-subscribers');
  const { date, money } = useFormats();
  const subscription = purchase.kind === 'subscription';
  return (
    <tr>
      <th scope="row">{purchase.title}</th>
      <td>{t(`purchases.kind.${purchase.kind}`)}</td>
      <td>{money(purchase.amountCents, purchase.currency)}</td>
      <td>
        {t(`purchases.status.${purchase.status}`)}
        {purchase.refunded ? <span className="subscriber__muted"> · {t('purchases.refunded')}</span> : null}
        {purchase.cancelAtPeriodEnd && purchase.endedAt === null ? (
          <span className="subscriber__muted"> · {t('purchases.cancelling')}</span>
        ) : null}
        {purchase.endedAt !== null ? (
          <span className="subscriber__muted"> · {t('purchases.endedAt', { when: date(purchase.endedAt) })}</span>
        ) : null}
      </td>
      <td>{date(purchase.createdAt)}</td>
      <td>{purchase.paidUntil === null ? '—' : date(purchase.paidUntil)}</td>
      <td className="subscriber__actions-cell">
        {purchase.status === 'fulfilled' ? (
          <RefundPurchase userId={userId} purchaseId={purchase.id} refunded={purchase.refunded} />
        ) : null}
        {subscription ? (
          <CancelSubscription
            userId={userId}
            subscriptionId={purchase.id}
            status={purchase.endedAt !== null ? 'ended' : purchase.cancelAtPeriodEnd ? 'cancelling' : purchase.status}
          />
        ) : null}
      </td>
    </tr>
  );
}

/** The account's purchases and subscriptions, newest first; the page brings the first ones, "load more" the rest. */
export function PurchasesSection({ userId, first }: { userId: number; first: SubscriberPurchasePage }) {
  const { t } = useTranslation('operator-subscribers');
  const { t: tc } = useTranslation('operator');
  const [wanted, setWanted] = useState(false);
  const more = useMorePurchases(userId, first.nextCursor, wanted);
  const rows = [...first.items, ...(more.data?.pages.flatMap((page) => page.items) ?? [])];
  const hasMore = wanted ? more.hasNextPage : first.nextCursor !== null;
  return (
    <section className="subscriber__card subscriber__card--wide" aria-labelledby="subscriber-purchases">
      <h2 id="subscriber-purchases">{t('purchases.title')}</h2>
      {rows.length === 0 ? (
        <p>{t('purchases.none')}</p>
      ) : (
        <div className="operator-table-wrap">
          <table className="operator-table">
            <caption className="visually-hidden">{t('purchases.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('purchases.columns.title')}</th>
                <th scope="col">{t('purchases.columns.kind')}</th>
                <th scope="col">{t('purchases.columns.amount')}</th>
                <th scope="col">{t('purchases.columns.status')}</th>
                <th scope="col">{t('purchases.columns.date')}</th>
                <th scope="col">{t('purchases.columns.until')}</th>
                <th scope="col">{t('purchases.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((purchase) => (
                <PurchaseRow key={purchase.id} userId={userId} purchase={purchase} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more.isError ? (
        <p className="operator-error" role="alert">
          {tc('common.error')}
        </p>
      ) : null}
      {hasMore ? (
        <Button
          variant="secondary"
          onClick={() => (wanted ? void more.fetchNextPage() : setWanted(true))}
          loading={more.isFetching}
        >
          {tc('common.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
