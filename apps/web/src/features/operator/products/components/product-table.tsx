import type { OperatorProduct } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sectionHref } from '../../sections';
import { formatMoney } from './money';

const dateOnly = (at: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(at));

/** The product list: each title links to its page. */
export function ProductTable({ rows }: { rows: readonly OperatorProduct[] }) {
  const { t, i18n } = useTranslation('operator-products');
  const locale = i18n.language;
  return (
    <div className="operator-table-wrap">
      <table className="operator-table products-table">
        <thead>
          <tr>
            <th scope="col">{t('column.title')}</th>
            <th scope="col">{t('column.kind')}</th>
            <th scope="col">{t('column.package')}</th>
            <th scope="col">{t('column.price')}</th>
            <th scope="col">{t('column.sale')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                <Link to={sectionHref('products', p.id)}>{p.title}</Link>
                {p.active ? null : <span className="products-table__inactive"> ({t('inactive')})</span>}
              </th>
              <td>{t(`kind.${p.kind}`)}</td>
              <td>{p.packageName}</td>
              <td className="products-table__price">
                {formatMoney(p.priceCents, p.currency, locale)}{' '}
                {p.interval ? t(`interval.${p.interval}`) : t('interval.none')}
              </td>
              <td>
                {p.saleUntil === null
                  ? t('saleOpen', { from: dateOnly(p.saleFrom, locale) })
                  : t('saleRange', { from: dateOnly(p.saleFrom, locale), until: dateOnly(p.saleUntil, locale) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
