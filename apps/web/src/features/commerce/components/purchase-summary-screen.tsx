import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/price';
import { decodePurchaseData, type PurchaseData } from '../../../lib/purchase-links';
import { Alert } from '../../../ui/alert';
import { useCheckoutQuote } from '../api/quote';
import { safeReturnPath } from '../card-messages';
import { pendingPurchase } from '../pending-purchase';
import { purchaseForPackage } from '../purchase-for-package';
import { ProductTerms } from './product-terms';
import './commerce.css';

function readPurchase(encoded: string | undefined): PurchaseData | null {
  try {
    return encoded ? decodePurchaseData(encoded) : null;
  } catch {
    return null;
  }
}

/** A product the server does not sell (unknown, withdrawn, an event already over). */
export const isNotOnSale = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /purchase/{encodedPurchaseData}: the link keeps the spec's format, but only names the
 * product: title, price, period and dates shown are the server's (issue 26). A link that
 * asked less than the product costs says the price has changed; a product not on sale gets
 * the fail screen. Malformed data shows a clear screen.
 */
export function PurchaseSummaryScreen() {
  const { t, i18n } = useTranslation('commerce');
  const { encodedPurchaseData } = useParams();
  const location = useLocation();
  const link = readPurchase(encodedPurchaseData);
  const quote = useCheckoutQuote(link?.packageId ?? null);
  const [now] = useState(() => new Date());
  const returnTo = safeReturnPath((location.state as { returnTo?: unknown } | null)?.returnTo);
  if (!link) {
    return (
      <div className="commerce-page">
        <section className="commerce-panel" aria-labelledby="purchase-title">
          <h1 id="purchase-title" className="commerce-panel__title">
            {t('summary.invalidTitle')}
          </h1>
          <p role="alert">{t('summary.invalid')}</p>
          <Link className="btn btn--primary" to={paths.landing.getHref()}>
            {t('checkout.toHome')}
          </Link>
        </section>
      </div>
    );
  }
  if (quote.isError && isNotOnSale(quote.error)) return <Navigate to={paths.purchaseResult.getHref('fail')} replace />;
  const purchase = quote.data ? purchaseForPackage([quote.data.product], quote.data.product.packageID, now) : null;
  return (
    <div className="commerce-page">
      <section className="commerce-panel" aria-labelledby="purchase-title" aria-busy={quote.isPending}>
        <h1 id="purchase-title" className="commerce-panel__title">
          {t('summary.title')}
        </h1>
        {quote.isError ? <Alert>{t('summary.loadError')}</Alert> : null}
        {quote.isPending ? <p className="commerce-note">{t('summary.loading')}</p> : null}
        {quote.data && purchase ? (
          <>
            {link.priceCents < quote.data.product.priceCents ? (
              <p className="commerce-notice" role="status">
                {t('summary.priceChanged', {
                  price: formatPrice(quote.data.product.priceCents, quote.data.product.curr, i18n.language),
                })}
              </p>
            ) : null}
            <ProductTerms quote={quote.data} purchase={purchase} />
            <Link
              className="btn btn--primary"
              to={paths.checkout.getHref()}
              onClick={() => pendingPurchase.save(purchase, { twoStep: false, returnTo })}
            >
              {t('summary.buyNow')}
            </Link>
          </>
        ) : null}
      </section>
    </div>
  );
}
