import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/date';
import { decodePurchaseData, type PurchaseData } from '../../../lib/purchase-links';
import { safeReturnPath } from '../card-messages';
import { pendingPurchase } from '../pending-purchase';
import { priceLabel } from '../price';
import './commerce.css';

function readPurchase(encoded: string | undefined): PurchaseData | null {
  try {
    return encoded ? decodePurchaseData(encoded) : null;
  } catch {
    return null;
  }
}

/**
 * /purchase/{encodedPurchaseData}: what is about to be bought, from the link (display only:
 * the server charges the product's own price). Malformed data shows a clear screen.
 */
export function PurchaseSummaryScreen() {
  const { t } = useTranslation('commerce');
  const { encodedPurchaseData } = useParams();
  const location = useLocation();
  const purchase = readPurchase(encodedPurchaseData);
  const returnTo = safeReturnPath((location.state as { returnTo?: unknown } | null)?.returnTo);
  if (!purchase) {
    return (
      <div className="commerce-page">
        <section className="commerce-panel" aria-labelledby="purchase-title">
          <h1 id="purchase-title" className="commerce-panel__title">{t('summary.invalidTitle')}</h1>
          <p role="alert">{t('summary.invalid')}</p>
          <Link className="btn btn--primary" to={paths.landing.getHref()}>{t('checkout.toHome')}</Link>
        </section>
      </div>
    );
  }
  const price = priceLabel(purchase.priceCents, purchase.currency);
  const kind = purchase.recurring ? (purchase.interval === 'year' ? t('summary.subscriptionYear') : t('summary.subscription')) : t('summary.ppv');
  return (
    <div className="commerce-page">
      <section className="commerce-panel" aria-labelledby="purchase-title">
        <h1 id="purchase-title" className="commerce-panel__title">{t('summary.title')}</h1>
        <div>
          <p className="purchase-summary__title">{purchase.title}</p>
          {purchase.description ? <p className="commerce-note">{purchase.description}</p> : null}
        </div>
        <dl className="purchase-summary">
          <dt>{kind}</dt>
          <dd className="purchase-summary__price">{purchase.recurring ? t(purchase.interval === 'year' ? 'summary.perYear' : 'summary.perMonth', { price }) : price}</dd>
          <dt>{t('summary.from')}</dt>
          <dd>{formatDateTime(purchase.start)}</dd>
          {purchase.end ? (
            <>
              <dt>{t('summary.until')}</dt>
              <dd>{formatDateTime(purchase.end)}</dd>
            </>
          ) : null}
        </dl>
        <p className="commerce-note">{t('summary.priceNote')}</p>
        <Link className="btn btn--primary" to={paths.checkout.getHref()} onClick={() => pendingPurchase.save(purchase, { twoStep: false, returnTo })}>
          {t('summary.buyNow')}
        </Link>
      </section>
    </div>
  );
}
