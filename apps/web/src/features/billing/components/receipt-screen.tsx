import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Receipt } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/price';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useReceipt } from '../api/billing';
import { brandName, formatDay, ratePercent } from '../format';
import '../billing.css';

/** /settings/receipts/:entryId: a receipt to read and print; printing leaves out the app around it. */
export function ReceiptScreen({ entryId }: { entryId: string }) {
  const { t } = useTranslation('billing');
  const receipt = useReceipt(entryId);
  const missing = receipt.error instanceof ApiError && (receipt.error.status === 404 || receipt.error.status === 400);
  return (
    <div className="receipt-page">
      <nav className="receipt-page__bar" aria-label={t('receipt.title')}>
        <Link className="link receipt-page__back" to={paths.settings.getHref()}>
          ← {t('receipt.back')}
        </Link>
        {receipt.data ? (
          <Button variant="secondary" onClick={() => window.print()}>
            {t('receipt.print')}
          </Button>
        ) : null}
      </nav>
      {receipt.isError ? <Alert>{missing ? t('receipt.notFound') : t('receipt.loadError')}</Alert> : null}
      {receipt.data ? <ReceiptDocument receipt={receipt.data} /> : null}
    </div>
  );
}

function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const title = receipt.kind === 'refund' ? t('receipt.refundTitle') : t('receipt.title');
  useDocumentTitle(`${title} ${receipt.number}`);
  const money = (cents: number) => formatPrice(cents, receipt.currency, language);
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <header className="receipt__header">
        <div className="receipt__seller">
          <p className="receipt__seller-name">{receipt.seller.name}</p>
          <p>
            {t('receipt.taxId')}: {receipt.seller.taxId}
          </p>
          <p className="receipt__address">{receipt.seller.address}</p>
        </div>
        <div className="receipt__heading">
          <h1 id="receipt-title" className="receipt__title">
            {title}
          </h1>
          <dl className="receipt__facts">
            <dt>{t('receipt.number')}</dt>
            <dd data-testid="receipt-number">{receipt.number}</dd>
            <dt>{t('receipt.date')}</dt>
            <dd>
              <time dateTime={receipt.issuedAt}>{formatDay(receipt.issuedAt, language)}</time>
            </dd>
          </dl>
        </div>
      </header>
      <section className="receipt__buyer" aria-label={t('receipt.buyer')}>
        <h2 className="receipt__label">{t('receipt.buyer')}</h2>
        <p>{receipt.buyer.name}</p>
        <p>{receipt.buyer.email}</p>
      </section>
      <dl className="receipt__lines">
        <dt>{t('receipt.description')}</dt>
        <dd>{receipt.description}</dd>
        {receipt.period ? (
          <>
            <dt>{t('receipt.period')}</dt>
            <dd>
              {t('receipt.periodValue', {
                from: formatDay(receipt.period.from, language),
                to: formatDay(receipt.period.to, language),
              })}
            </dd>
          </>
        ) : null}
        <dt>{t('receipt.method')}</dt>
        <dd>
          {receipt.method
            ? t('card.summary', { brand: brandName(receipt.method.brand), last4: receipt.method.last4 })
            : t('history.noMethod')}
        </dd>
        <dt className="receipt__vat">{t('receipt.vat', { rate: ratePercent(receipt.vat.ratePercent, language) })}</dt>
        <dd className="receipt__vat" data-testid="receipt-vat">
          {money(receipt.vat.includedCents)}
        </dd>
        <dt className="receipt__total">{t('receipt.total')}</dt>
        <dd className="receipt__total" data-testid="receipt-total">
          {money(receipt.kind === 'refund' ? -Math.abs(receipt.totalCents) : receipt.totalCents)}
        </dd>
      </dl>
    </article>
  );
}
