import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnedPurchase, PpvSubsProduct } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date';
import { formatPrice } from '../../../lib/price';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useProducts } from '../api/get-products';
import { purchasesQueryKey, useCancelSubscription, usePurchases } from '../api/purchases';
import { priceLabel } from '../price';
import './commerce.css';

/** The account page's list of subscriptions and pay-per-view purchases, with changing and cancelling a subscription. */
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
          {purchases.data.subscriptions.length === 0 ? (
            <p className="commerce-note">{t('purchases.noneSubscriptions')}</p>
          ) : null}
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
                  <span className="purchase-item__meta">
                    {t('purchases.boughtAt', { date: formatDateTime(p.purchasedAt) })} ·{' '}
                    {priceLabel(p.priceCents, p.currency)}
                  </span>
                  {p.endsAt ? (
                    <span className="purchase-item__meta">
                      {t('purchases.availableUntil', { date: formatDateTime(p.endsAt) })}
                    </span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** A day as the language writes it: es '5 de enero de 2027', en '5 January 2027', de '5. Januar 2027'. */
function day(iso: string | null, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = ({ es: 'es-ES', en: 'en-IE', de: 'de-DE' } as Record<string, string>)[language.slice(0, 2)] ?? 'es-ES';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** What the subscription's state means, in words and dates. */
function useStateLine(purchase: OwnedPurchase): string {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const price = formatPrice(purchase.priceCents, purchase.currency, language);
  switch (purchase.state) {
    case 'trialing':
      return t('subscriptions.trial', { date: day(purchase.trialEndsAt ?? purchase.renewsAt, language), price });
    case 'active':
      return purchase.renewsAt ? t('subscriptions.renews', { date: day(purchase.renewsAt, language), price }) : '';
    case 'past_due':
      return t('subscriptions.pastDue', { date: day(purchase.graceUntil, language) });
    case 'cancelled':
      return t('subscriptions.cancelled', { date: day(purchase.endsAt, language) });
    default:
      return purchase.endsAt ? t('subscriptions.ended', { date: day(purchase.endsAt, language) }) : '';
  }
}

type Change = { action: 'reactivate' } | { action: 'switch'; productId: number };

/** POST /purchases/{id}/reactivate or /switch: the server decides the money; every list that shows it is read again. */
function useChange(purchaseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      api.post(
        `/purchases/${encodeURIComponent(purchaseId)}/${change.action}`,
        change.action === 'switch' ? { productId: change.productId } : undefined,
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: purchasesQueryKey }),
        client.invalidateQueries({ queryKey: ['billing'] }),
      ]),
  });
}

type Asking = 'none' | 'cancel' | 'switch';

function SubscriptionItem({ purchase }: { purchase: OwnedPurchase }) {
  const { t } = useTranslation('commerce');
  const { t: tb, i18n } = useTranslation('billing');
  const cancel = useCancelSubscription();
  const change = useChange(purchase.purchaseId);
  const [asking, setAsking] = useState<Asking>('none');
  const [done, setDone] = useState<string | null>(null);
  const line = useStateLine(purchase);
  const language = i18n.language;
  const live = purchase.state === 'active' || purchase.state === 'trialing' || purchase.state === 'past_due';
  const refusal = cancel.error ?? change.error;
  const pending = purchase.pendingSwitch;
  return (
    <li className="purchase-item" data-testid="subscription" data-state={purchase.state}>
      <div className="purchase-item__main">
        <span className="purchase-item__title">{purchase.title}</span>
        <span className="purchase-item__meta">
          {t('purchases.purchasedAt', { date: formatDateTime(purchase.purchasedAt) })} ·{' '}
          {t('summary.perMonth', { price: priceLabel(purchase.priceCents, purchase.currency) })}
        </span>
        {line ? (
          <span className={`purchase-item__meta${purchase.state === 'past_due' ? ' purchase-item__meta--warn' : ''}`}>
            {line}
          </span>
        ) : null}
        {pending ? (
          <span className="purchase-item__meta">
            {tb('subscriptions.pendingSwitch', {
              title: pending.title,
              price: formatPrice(pending.priceCents, purchase.currency, language),
              date: day(pending.effectiveAt, language),
            })}
          </span>
        ) : null}
      </div>
      <div className="purchase-item__actions">
        <span className="purchase-item__state">{t(`purchases.${purchase.state}`)}</span>
        {purchase.state === 'past_due' ? (
          <a className="btn btn--primary" href="#payment-method">
            {tb('subscriptions.updateCard')}
          </a>
        ) : null}
        {purchase.state === 'cancelled' ? (
          <Button
            variant="primary"
            loading={change.isPending}
            aria-label={tb('subscriptions.reactivateTitle', { title: purchase.title })}
            onClick={() => change.mutate({ action: 'reactivate' }, { onSuccess: () => setDone(null) })}
          >
            {tb('subscriptions.reactivate')}
          </Button>
        ) : null}
        {live && asking === 'none' ? (
          <>
            {purchase.state === 'active' ? (
              <Button
                variant="secondary"
                onClick={() => setAsking('switch')}
                aria-label={tb('subscriptions.switchTitle', { title: purchase.title })}
              >
                {tb('subscriptions.switch')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onClick={() => setAsking('cancel')}
              aria-label={t('purchases.cancelTitle', { title: purchase.title })}
            >
              {t('purchases.cancel')}
            </Button>
          </>
        ) : null}
      </div>
      {asking === 'cancel' && live ? (
        <CancelConfirm
          purchase={purchase}
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate(purchase.purchaseId, { onSettled: () => setAsking('none') })}
          onKeep={() => setAsking('none')}
        />
      ) : null}
      {asking === 'switch' && purchase.state === 'active' ? (
        <SwitchChooser
          purchase={purchase}
          busy={change.isPending}
          onClose={() => setAsking('none')}
          onSwitch={(product, upgrade) =>
            change.mutate(
              { action: 'switch', productId: product.id },
              {
                onSuccess: () => {
                  setAsking('none');
                  setDone(upgrade ? tb('subscriptions.switched') : tb('subscriptions.switchScheduled'));
                },
              },
            )
          }
        />
      ) : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {refusal ? (
        <Alert>{language.startsWith('es') && refusal.message ? refusal.message : tb('subscriptions.refused')}</Alert>
      ) : null}
    </li>
  );
}

/** "Cancel at the end of the period?": the day the package ends, or the trial's end. */
function CancelConfirm({
  purchase,
  busy,
  onConfirm,
  onKeep,
}: {
  purchase: OwnedPurchase;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation('commerce');
  const { t: tb, i18n } = useTranslation('billing');
  return (
    <div
      className="purchase-item__confirm"
      role="group"
      aria-label={t('purchases.cancelTitle', { title: purchase.title })}
    >
      <p>
        {purchase.state === 'trialing'
          ? tb('subscriptions.cancelTrial')
          : tb('subscriptions.cancelUntil', {
              date: day(purchase.renewsAt ?? purchase.graceUntil ?? purchase.endsAt, i18n.language),
            })}
      </p>
      <div className="purchase-item__buttons">
        <Button variant="primary" loading={busy} onClick={onConfirm}>
          {tb('subscriptions.confirmCancel')}
        </Button>
        <Button variant="ghost" onClick={onKeep}>
          {tb('subscriptions.keep')}
        </Button>
      </div>
    </div>
  );
}

/** The other monthly products; a dearer one is an upgrade (at once, prorated), any other waits for the renewal. */
function SwitchChooser({
  purchase,
  busy,
  onClose,
  onSwitch,
}: {
  purchase: OwnedPurchase;
  busy: boolean;
  onClose: () => void;
  onSwitch: (product: PpvSubsProduct, upgrade: boolean) => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const products = useProducts();
  const [chosen, setChosen] = useState<number | null>(null);
  const targets = (products.data?.ppvSubsProducts ?? []).filter(
    (p) => p.recurring && p.interval === 'month' && p.packageID !== purchase.packageId,
  );
  const target = targets.find((p) => p.id === chosen) ?? null;
  const upgrade = target !== null && target.priceCents > purchase.priceCents;
  const language = i18n.language;
  return (
    <div
      className="purchase-item__confirm"
      role="group"
      aria-label={t('subscriptions.switchTitle', { title: purchase.title })}
    >
      {products.data && targets.length === 0 ? <p>{t('subscriptions.switchNone')}</p> : null}
      {targets.length > 0 ? (
        <fieldset className="switch-choices" disabled={busy}>
          <legend>{t('subscriptions.switchTo')}</legend>
          {targets.map((p) => (
            <label key={p.id} className="switch-choices__option">
              <input
                type="radio"
                name={`switch-${purchase.purchaseId}`}
                value={p.id}
                checked={chosen === p.id}
                onChange={() => setChosen(p.id)}
              />
              <span>
                {p.title} · {formatPrice(p.priceCents, p.curr, language)}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {target ? (
        <p role="status">
          {upgrade
            ? t('subscriptions.switchUpgrade', {
                title: target.title,
                price: formatPrice(target.priceCents, target.curr, language),
              })
            : t('subscriptions.switchAtRenewal', {
                title: target.title,
                price: formatPrice(target.priceCents, target.curr, language),
                date: day(purchase.renewsAt, language),
              })}
        </p>
      ) : null}
      <div className="purchase-item__buttons">
        {target ? (
          <Button variant="primary" loading={busy} onClick={() => onSwitch(target, upgrade)}>
            {t('subscriptions.switchConfirm')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          {t('subscriptions.back')}
        </Button>
      </div>
    </div>
  );
}
