import { useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { PAYMENT_CONNECTIVITY_ERROR, type ProductQuote, type StartPurchaseResponse } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/date';
import { ApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { confirmPurchase, startPurchase, useCardFieldAddress } from '../api/purchases';
import { cardFieldSrc } from '../card-messages';
import { pendingPurchase, type PendingPurchase } from '../pending-purchase';
import { formatPrice } from '../../../lib/price';
import { useProductQuote } from '../api/get-product';
import { purchaseForPackage } from '../purchase-for-package';
import { usePriceTerms } from './product-terms';
import { isNotOnSale } from './purchase-summary-screen';
import { useCardField } from './use-card-field';
import './commerce.css';

/** A failure as the form shows it: the spec's connectivity text, or the provider's (or server's) own message. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError && error.status !== 503 && error.status < 500) return error.message;
  return PAYMENT_CONNECTIVITY_ERROR;
}

/** The provider confirmed the card: the server checks with it and fulfils; a few tries while it settles. */
async function settle(purchaseId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await confirmPurchase(purchaseId);
    if (answer.status !== 'pending') return answer.status === 'fulfilled';
    await new Promise((resolve) => setTimeout(resolve, 400 * (attempt + 1)));
  }
  return false;
}

/** /checkout/: the pending purchase paid by card ('Paso 2 de 2' in the two-step flow). */
export function CheckoutScreen() {
  const { t } = useTranslation('commerce');
  const [pending] = useState(() => pendingPurchase.read());
  return (
    <div className="commerce-page">
      <section className="commerce-panel" aria-labelledby="checkout-title">
        {pending?.twoStep ? <p className="commerce-step">{t('checkout.step2')}</p> : null}
        <h1 id="checkout-title" className="commerce-panel__title">{t('checkout.title')}</h1>
        {pending ? (
          <CheckoutForm pending={pending} />
        ) : (
          <>
            <p>{t('checkout.nothing')}</p>
            <Link className="btn btn--primary" to={paths.landing.getHref()}>{t('checkout.toHome')}</Link>
          </>
        )}
      </section>
    </div>
  );
}

/** The pending purchase names a product; what is shown and charged is the server's product (issue 26). */
function CheckoutForm({ pending }: { pending: PendingPurchase }) {
  const { t } = useTranslation('commerce');
  const quote = useProductQuote(pending.purchase.packageId);
  if (quote.isError && isNotOnSale(quote.error)) return <Navigate to={paths.purchaseResult.getHref('fail')} replace />;
  if (quote.isError) return <Alert>{t('summary.loadError')}</Alert>;
  if (!quote.data) return <p className="commerce-note">{t('summary.loading')}</p>;
  return <CheckoutFields pending={pending} quote={quote.data} />;
}

function CheckoutFields({ pending, quote }: { pending: PendingPurchase; quote: ProductQuote }) {
  const { t, i18n } = useTranslation('commerce');
  const navigate = useNavigate();
  const address = useCardFieldAddress();
  const frame = address.data ? cardFieldSrc(address.data.cardFormUrl, window.location.origin) : null;
  const { frameRef, frameKey, ready, challenge, confirm } = useCardField(frame?.origin ?? null);
  const [holder, setHolder] = useState('');
  const [holderError, setHolderError] = useState<string | undefined>();
  const [state, setState] = useState<{ name: 'idle' } | { name: 'loading' } | { name: 'error'; message: string }>({ name: 'idle' });
  const started = useRef<StartPurchaseResponse | null>(null);
  const [now] = useState(() => new Date());
  const { product, vat } = quote;
  const terms = usePriceTerms(quote);
  const period = purchaseForPackage([product], product.packageID, now);

  async function pay(name: string): Promise<void> {
    started.current ??= await startPurchase(product.id, name);
    const result = await confirm(started.current.clientSecret, name);
    if (result.status === 'error') {
      setState({ name: 'error', message: result.network ? PAYMENT_CONNECTIVITY_ERROR : result.message });
      return;
    }
    const fulfilled = await settle(started.current.purchaseId);
    pendingPurchase.clear();
    // Everything the catalogue marked as for sale is read again, now owned.
    await queryClient.invalidateQueries();
    await navigate(paths.purchaseResult.getHref(fulfilled ? 'success' : 'fail'), { state: { returnTo: pending.returnTo ?? null, provider: started.current.provider } });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = holder.trim();
    setHolderError(name ? undefined : t('checkout.holderRequired'));
    if (!name) return;
    if (!ready) {
      setState({ name: 'error', message: PAYMENT_CONNECTIVITY_ERROR });
      return;
    }
    setState({ name: 'loading' });
    pay(name).catch((error: unknown) => setState({ name: 'error', message: messageOf(error) }));
  };

  const loading = state.name === 'loading';
  return (
    <form className="checkout-form" onSubmit={submit} noValidate aria-busy={loading}>
      <p className="purchase-summary__title">{product.title}</p>
      <div>
        <p className="purchase-summary__price" data-testid="checkout-total">{t('checkout.total', { price: terms })}</p>
        <p className="commerce-note">{t('summary.vat', { rate: vat.ratePercent.toLocaleString(i18n.language), amount: formatPrice(vat.includedCents, product.curr, i18n.language) })}</p>
        <p className="commerce-note">
          {product.recurring && period?.end ? t(product.interval === 'year' ? 'summary.renewsYear' : 'summary.renews', { date: formatDateTime(period.end) }) : t('summary.noRenewal')}
        </p>
      </div>
      <TextField label={t('checkout.holder')} name="holder" autoComplete="cc-name" required value={holder} error={holderError} onChange={(e) => setHolder(e.target.value)} disabled={loading} />
      <div className="card-field">
        <span className="card-field__label" id="card-field-label">{t('checkout.card')}</span>
        {frame ? (
          <iframe key={frameKey} ref={frameRef} className={`card-field__frame${challenge ? ' card-field__frame--challenge' : ''}`} src={frame.src} title={t('checkout.cardFrame')} aria-describedby="card-field-label" />
        ) : address.isError ? null : (
          <p className="commerce-note">{t('checkout.paying')}</p>
        )}
      </div>
      {state.name === 'error' ? <Alert>{state.message}</Alert> : null}
      {/* The server's own sentence for a 4xx (a server that sells nothing), else the spec's connectivity text. */}
      {address.isError ? <Alert>{messageOf(address.error)}</Alert> : null}
      <Button type="submit" block loading={loading}>{loading ? t('checkout.paying') : t('checkout.continue')}</Button>
      <p className="commerce-note">
        <Trans ns="commerce" i18nKey="checkout.termsNote" components={{ terms: <Link className="link" to={paths.terms.getHref()} /> }} />
      </p>
    </form>
  );
}
