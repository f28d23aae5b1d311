import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { loadTables } from '../../../lib/i18n';
import { sectionHref } from '../sections';
import { useCanEdit } from '../use-operator';
import { useProduct } from './api/get-product';
import { formatMoney } from './components/money';
import { PriceChangeForm } from './components/price-change-form';
import { PriceHistory } from './components/price-history';
import { ProductForm } from './components/product-form';
import { SalesPanel } from './components/sales-panel';
import './products.css';

export async function loader() {
  await loadTables(['operator-products']);
  return null;
}

/** /operador/productos/:productId: the product, its edit form and price change (admins), price history and sales. */
export function Component() {
  const { t, i18n } = useTranslation('operator-products');
  const { t: tc } = useTranslation('operator');
  const id = Number(useParams().productId);
  const product = useProduct(id);
  const canEdit = useCanEdit('products');
  const data = product.data;

  return (
    <section className="product-page" aria-labelledby="product-title">
      <p>
        <Link to={sectionHref('products')}>{t('back')}</Link>
      </p>
      {product.isError ? (
        <p role="alert" className="operator-error">
          {product.error instanceof ApiError && product.error.status === 404 ? t('notFound') : tc('common.error')}
        </p>
      ) : null}
      {data ? (
        <>
          <h1 id="product-title">{data.product.title}</h1>
          <dl className="product-summary">
            <div>
              <dt>{t('summary.price')}</dt>
              <dd data-testid="current-price">
                {formatMoney(data.product.priceCents, data.product.currency, i18n.language)}{' '}
                {data.product.interval ? t(`interval.${data.product.interval}`) : t('interval.none')}
              </dd>
            </div>
            <div>
              <dt>{t('summary.package')}</dt>
              <dd>{data.product.packageName}</dd>
            </div>
            <div>
              <dt>{t('summary.providerPrice')}</dt>
              <dd className="product-summary__code">{data.product.providerPriceId ?? t('summary.inline')}</dd>
            </div>
          </dl>
          {canEdit ? null : <p role="note">{t('readOnly')}</p>}
          <div className="product-page__forms">
            <ProductForm
              key={`${data.product.title}|${data.product.packageId}|${data.product.saleFrom}|${data.product.saleUntil}`}
              detail={data}
              readOnly={!canEdit}
            />
            {canEdit ? <PriceChangeForm product={data.product} /> : null}
          </div>
          <SalesPanel productId={data.product.id} currency={data.product.currency} />
          <PriceHistory prices={data.prices} />
        </>
      ) : null}
    </section>
  );
}
