import type { OperatorProductPrice } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatWhen } from './money';

/** Every price change, newest first: when, from what to what, who, and the provider's Price. */
export function PriceHistory({ prices }: { prices: readonly OperatorProductPrice[] }) {
  const { t, i18n } = useTranslation('operator-products');
  const locale = i18n.language;
  return (
    <section className="price-history" aria-labelledby="price-history-title">
      <h2 id="price-history-title">{t('history.title')}</h2>
      {prices.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <div className="operator-table-wrap">
          <table className="operator-table">
            <thead>
              <tr>
                <th scope="col">{t('history.when')}</th>
                <th scope="col">{t('history.change')}</th>
                <th scope="col">{t('history.who')}</th>
                <th scope="col">{t('history.providerPrice')}</th>
              </tr>
            </thead>
            <tbody>
              {prices.map((p) => (
                <tr key={p.version}>
                  <td>{formatWhen(p.at, locale)}</td>
                  <td>
                    {formatMoney(p.previousCents, p.previousCurrency, locale)} →{' '}
                    {formatMoney(p.amountCents, p.currency, locale)}
                  </td>
                  <td>{p.actorEmail}</td>
                  <td className="product-summary__code">{p.providerPriceId ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
