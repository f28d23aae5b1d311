import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BillingEntry } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/price';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useBillingHistory } from '../api/billing';
import { brandName, formatShortDay, ratePercent } from '../format';
import '../billing.css';

/** 'Historial de pagos': payments, refunds and failed renewals, newest first, 'Ver más' for older ones. */
export function BillingHistorySection() {
  const { t } = useTranslation('billing');
  const history = useBillingHistory();
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className="settings-card settings-card--wide billing-card" aria-labelledby="billing-history-title">
      <h2 id="billing-history-title" className="settings-card__title">
        {t('history.title')}
      </h2>
      {history.isError ? <Alert>{t('history.loadError')}</Alert> : null}
      {history.data && entries.length === 0 ? <p className="settings-empty">{t('history.none')}</p> : null}
      {entries.length > 0 ? (
        <ul className="billing-history" aria-labelledby="billing-history-title">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      ) : null}
      {history.hasNextPage ? (
        <Button
          variant="secondary"
          className="billing-history__more"
          loading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('history.more')}
        </Button>
      ) : null}
    </section>
  );
}

function HistoryEntry({ entry }: { entry: BillingEntry }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const date = formatShortDay(entry.at, language);
  const amount = formatPrice(
    entry.kind === 'refund' ? -Math.abs(entry.amountCents) : entry.amountCents,
    entry.currency,
    language,
  );
  return (
    <li className={`billing-entry billing-entry--${entry.kind}`} data-testid="billing-entry">
      <div className="billing-entry__main">
        <span className="billing-entry__product">{entry.productTitle}</span>
        <span className="billing-entry__meta">
          <time dateTime={entry.at}>{date}</time>
          <span className={`billing-kind billing-kind--${entry.kind}`}>{t(`history.${entry.kind}`)}</span>
          <span>
            {entry.method
              ? t('card.summary', { brand: brandName(entry.method.brand), last4: entry.method.last4 })
              : t('history.noMethod')}
          </span>
        </span>
      </div>
      <div className="billing-entry__money">
        <span className="billing-entry__amount">{amount}</span>
        <span className="billing-entry__vat">
          {t('history.vat', {
            rate: ratePercent(entry.vat.ratePercent, language),
            amount: formatPrice(entry.vat.includedCents, entry.currency, language),
          })}
        </span>
        {entry.receipt ? (
          <Link
            className="link billing-entry__receipt"
            to={paths.receipt.getHref(entry.id)}
            aria-label={t('history.receiptOf', { product: entry.productTitle, date })}
          >
            {t('history.receipt')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
