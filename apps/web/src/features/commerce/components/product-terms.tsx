import { useTranslation } from 'react-i18next';
import type { CheckoutQuote, Discount } from '@pantalla/contracts';
import { formatDateTime } from '../../../lib/date';
import { formatPrice } from '../../../lib/price';
import type { PurchaseData } from '../../../lib/purchase-links';

type Quote = Pick<
  CheckoutQuote,
  'product' | 'vat' | 'trialDays' | 'discount' | 'dueTodayCents' | 'firstChargeCents' | 'firstChargeAt' | 'renewsAt'
>;

/** An amount as it recurs: '9,99 € al mes' for a subscription, the bare price for a one-off. */
function useRecurring(quote: Quote): (cents: number) => string {
  const { t, i18n } = useTranslation('commerce');
  return (cents) => {
    const price = formatPrice(cents, quote.product.curr, i18n.language);
    if (!quote.product.recurring) return price;
    return t(quote.product.interval === 'year' ? 'summary.perYear' : 'summary.perMonth', { price });
  };
}

/** A product's price as it is charged: '9,99 € al mes' for a subscription, the bare price for a one-off. */
export function usePriceTerms(quote: Quote): string {
  return useRecurring(quote)(quote.product.priceCents);
}

/** True when today's charge is not simply the product's price (a trial, a discount). */
export function differsToday(quote: Quote): boolean {
  return quote.trialDays > 0 || quote.discount !== null || quote.dueTodayCents !== quote.product.priceCents;
}

/** '−50 % durante 3 meses', '−2,00 € el primer mes', '−10 % para siempre'. */
function useDiscountText(quote: Quote): (discount: Discount) => string {
  const { t, i18n } = useTranslation('commerce');
  return (discount) => {
    const off =
      discount.percentOff !== null
        ? t('summary.percentOff', { percent: discount.percentOff.toLocaleString(i18n.language) })
        : formatPrice(-(discount.amountOffCents ?? 0), quote.product.curr, i18n.language).replace('-', '−');
    if (!quote.product.recurring) return off;
    if (discount.durationMonths === null) return t('summary.discountForever', { off });
    return t('summary.discountMonths', { off, count: discount.durationMonths });
  };
}

/** 'IVA (21 %) incluido: 2,60 €'. */
export function useVatText(quote: Quote): string {
  const { t, i18n } = useTranslation('commerce');
  return t('summary.vat', {
    rate: quote.vat.ratePercent.toLocaleString(i18n.language),
    amount: formatPrice(quote.vat.includedCents, quote.product.curr, i18n.language),
  });
}

/** When it renews ('Se renueva cada mes: el próximo cobro, el …'), or that it is one charge. */
export function useRenewalText(quote: Quote): string {
  const { t } = useTranslation('commerce');
  if (!quote.product.recurring || !quote.renewsAt) return t('summary.noRenewal');
  return t(quote.product.interval === 'year' ? 'summary.renewsYear' : 'summary.renews', {
    date: formatDateTime(quote.renewsAt),
  });
}

/**
 * What is bought, as the server sells it now (issue 26): one-off or monthly, the price, a
 * free trial and when the first charge comes, a promotion code's discount, what is paid
 * today, the VAT it includes and its rate, what it includes, from when to when and when it
 * renews. The summary and the checkout (one step or two) show the same.
 */
export function ProductTerms({ quote, purchase }: { quote: Quote; purchase: PurchaseData }) {
  const { t, i18n } = useTranslation('commerce');
  const { product } = quote;
  const recurring = useRecurring(quote);
  const discountText = useDiscountText(quote);
  const vat = useVatText(quote);
  const renewal = useRenewalText(quote);
  const kind = product.recurring
    ? product.interval === 'year'
      ? t('summary.subscriptionYear')
      : t('summary.subscription')
    : t('summary.oneOff');
  return (
    <>
      <div>
        <p className="purchase-summary__title">{product.title}</p>
        {product.evID !== null ? <p className="commerce-note">{t('summary.ppv')}</p> : null}
      </div>
      <dl className="purchase-summary">
        <dt>{kind}</dt>
        <dd className="purchase-summary__price" data-testid="purchase-price">
          {recurring(product.priceCents)}
        </dd>
        {quote.trialDays > 0 ? (
          <>
            <dt>{t('summary.trialTitle')}</dt>
            <dd data-testid="purchase-trial">
              {t('summary.trial', {
                count: quote.trialDays,
                price: recurring(quote.firstChargeCents),
                date: formatDateTime(quote.firstChargeAt),
              })}
            </dd>
          </>
        ) : null}
        {quote.discount ? (
          <>
            <dt>{t('summary.discountTitle', { code: quote.discount.code })}</dt>
            <dd data-testid="purchase-discount">{discountText(quote.discount)}</dd>
          </>
        ) : null}
        {differsToday(quote) ? (
          <>
            <dt>{t('summary.dueToday')}</dt>
            <dd className="purchase-summary__due" data-testid="purchase-due-today">
              {formatPrice(quote.dueTodayCents, product.curr, i18n.language)}
            </dd>
          </>
        ) : null}
        <dt>{t('summary.taxes')}</dt>
        <dd>{vat}</dd>
        {product.subtitle ? (
          <>
            <dt>{t('summary.includes')}</dt>
            <dd>{product.subtitle}</dd>
          </>
        ) : null}
        <dt>{t('summary.from')}</dt>
        <dd>{formatDateTime(purchase.start)}</dd>
        {!product.recurring && purchase.end ? (
          <>
            <dt>{t('summary.until')}</dt>
            <dd>{formatDateTime(purchase.end)}</dd>
          </>
        ) : null}
      </dl>
      <p className="commerce-note" data-testid="purchase-renewal">
        {renewal}
      </p>
    </>
  );
}
