import { useTranslation } from 'react-i18next';
import type { ProductQuote } from '@pantalla/contracts';
import { formatDateTime } from '../../../lib/date';
import { formatPrice } from '../../../lib/price';
import type { PurchaseData } from '../../../lib/purchase-links';

/** A product's price as it is charged: '9,99 € al mes' for a subscription, the bare price for a one-off. */
export function usePriceTerms(quote: ProductQuote): string {
  const { t, i18n } = useTranslation('commerce');
  const price = formatPrice(quote.product.priceCents, quote.product.curr, i18n.language);
  if (!quote.product.recurring) return price;
  return t(quote.product.interval === 'year' ? 'summary.perYear' : 'summary.perMonth', { price });
}

/**
 * What is bought, as the server sells it now (issue 26): one-off or monthly, the price with
 * the VAT it includes and its rate, what it includes, from when to when and when it renews.
 */
export function ProductTerms({ quote, purchase }: { quote: ProductQuote; purchase: PurchaseData }) {
  const { t, i18n } = useTranslation('commerce');
  const { product, vat } = quote;
  const terms = usePriceTerms(quote);
  const kind = product.recurring ? (product.interval === 'year' ? t('summary.subscriptionYear') : t('summary.subscription')) : t('summary.oneOff');
  return (
    <>
      <div>
        <p className="purchase-summary__title">{product.title}</p>
        {product.evID !== null ? <p className="commerce-note">{t('summary.ppv')}</p> : null}
      </div>
      <dl className="purchase-summary">
        <dt>{kind}</dt>
        <dd className="purchase-summary__price" data-testid="purchase-price">{terms}</dd>
        <dt>{t('summary.taxes')}</dt>
        <dd>{t('summary.vat', { rate: vat.ratePercent.toLocaleString(i18n.language), amount: formatPrice(vat.includedCents, product.curr, i18n.language) })}</dd>
        {product.subtitle ? (
          <>
            <dt>{t('summary.includes')}</dt>
            <dd>{product.subtitle}</dd>
          </>
        ) : null}
        <dt>{t('summary.from')}</dt>
        <dd>{formatDateTime(purchase.start)}</dd>
        {purchase.end ? (
          <>
            <dt>{t('summary.until')}</dt>
            <dd>{formatDateTime(purchase.end)}</dd>
          </>
        ) : null}
      </dl>
      <p className="commerce-note">
        {product.recurring && purchase.end ? t(product.interval === 'year' ? 'summary.renewsYear' : 'summary.renews', { date: formatDateTime(purchase.end) }) : t('summary.noRenewal')}
      </p>
    </>
  );
}
