import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import {
  promotionCodeSchema,
  type CheckoutQuote,
  type SavedCard,
  type StartPurchaseRequest,
  type StartPurchaseResponse,
} from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/price';
import { queryClient } from '../../../lib/query-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Checkbox, TextField } from '../../../ui/text-field';
import { confirmPurchase, startPurchase, useCardFieldAddress } from '../api/purchases';
import { checkoutQuoteQueryOptions, useCheckoutQuote } from '../api/quote';
import { cardErrorOf, cardFieldSrc } from '../card-messages';
import { pendingPurchase, type PendingPurchase } from '../pending-purchase';
import { purchaseForPackage } from '../purchase-for-package';
import { settlePurchase } from '../settle-purchase';
import { saveCheckoutDraft, takeCheckoutDraft } from '../checkout-draft';
import { differsToday, ProductTerms, usePriceTerms } from './product-terms';
import { KidsPasswordStep, useKidsProfile } from './kids-password-step';
import { isNotOnSale } from './purchase-summary-screen';
import { useCardField } from './use-card-field';
import './commerce.css';

type Translate = ReturnType<typeof useTranslation<'commerce'>>['t'];

/**
 * A failure as the form shows it: the spec's connectivity text when the server could not be
 * reached; a refusal in the user's language (the server's own sentence is Spanish).
 */
function messageOf(error: unknown, t: Translate, language: string): string {
  if (!(error instanceof ApiError) || error.isNetworkError || error.status >= 500) return t('checkout.connectivity');
  if (language.startsWith('es')) return error.message;
  return error.status === 402 ? t('cardErrors.declined') : t('checkout.refused');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** /checkout/: the pending purchase paid by card ('Paso 2 de 2' in the two-step flow). */
export function CheckoutScreen() {
  const { t } = useTranslation('commerce');
  const [pending] = useState(() => pendingPurchase.read());
  const kids = useKidsProfile();
  const [password, setPassword] = useState<string | null>(null);
  return (
    <div className="commerce-page">
      <section className="commerce-panel" aria-labelledby="checkout-title">
        {pending?.twoStep ? <p className="commerce-step">{t('checkout.step2')}</p> : null}
        <h1 id="checkout-title" className="commerce-panel__title">
          {t('checkout.title')}
        </h1>
        {pending && kids && password === null ? (
          <KidsPasswordStep onPassed={setPassword} />
        ) : pending ? (
          <CheckoutForm pending={pending} password={password} />
        ) : (
          <>
            <p>{t('checkout.nothing')}</p>
            <Link className="btn btn--primary" to={paths.landing.getHref()}>
              {t('checkout.toHome')}
            </Link>
          </>
        )}
      </section>
    </div>
  );
}

/**
 * The pending purchase names a product; what is shown and charged is the server's quote for
 * it (issue 26), with the promotion code the server accepted, never anything from a link.
 */
function CheckoutForm({ pending, password }: { pending: PendingPurchase; password: string | null }) {
  const { t, i18n } = useTranslation('commerce');
  const productId = pending.purchase.packageId;
  const [code, setCode] = useState<string | null>(null);
  const quote = useCheckoutQuote(productId, code);

  /** Asks the server for the quote with the code; its refusal (in the user's language) or null. */
  async function apply(typed: string): Promise<string | null> {
    const parsed = promotionCodeSchema.safeParse(typed);
    if (!parsed.success) return typed.trim() ? t('promo.invalid') : t('promo.required');
    const normalised = parsed.data.toUpperCase();
    try {
      await queryClient.fetchQuery(checkoutQuoteQueryOptions(productId, normalised));
      setCode(normalised);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        return i18n.language.startsWith('es') ? error.message : t('promo.invalid');
      return messageOf(error, t, i18n.language);
    }
  }

  if (quote.isError && isNotOnSale(quote.error)) return <Navigate to={paths.purchaseResult.getHref('fail')} replace />;
  if (quote.isError) return <Alert>{t('summary.loadError')}</Alert>;
  if (!quote.data) return <p className="commerce-note">{t('summary.loading')}</p>;
  return (
    <CheckoutFields
      pending={pending}
      quote={quote.data}
      code={code}
      password={password}
      onApply={apply}
      onRemove={() => setCode(null)}
    />
  );
}

type FormState = { name: 'idle' } | { name: 'loading' } | { name: 'confirming' } | { name: 'error'; message: string };

/** A purchase started with the server, and whether the card field already took its card. */
interface Started {
  key: string;
  response: StartPurchaseResponse;
  cardDone: boolean;
}

interface FieldsProps {
  pending: PendingPurchase;
  quote: CheckoutQuote;
  code: string | null;
  /** A kids profile's account password, sent with the purchase (issue 30). */
  password: string | null;
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
}

/**
 * Paying: starts the purchase once for the same choices, has the card field take the card,
 * then asks the server until it knows. A lost answer or a slow one never ends in the
 * connectivity error while the server may say the payment is done.
 */
function usePayment(pending: PendingPurchase, confirmCard: ReturnType<typeof useCardField>['confirm']) {
  const { t } = useTranslation('commerce');
  const navigate = useNavigate();
  const [state, setState] = useState<FormState>({ name: 'idle' });
  const started = useRef<Started | null>(null);

  async function finish(result: 'success' | 'fail', provider: string): Promise<void> {
    pendingPurchase.clear();
    // Everything the catalogue marked as for sale is read again, now owned.
    await queryClient.invalidateQueries();
    await navigate(paths.purchaseResult.getHref(result), { state: { returnTo: pending.returnTo ?? null, provider } });
  }

  async function settle(s: Started): Promise<void> {
    const status = await settlePurchase({
      confirm: async () => (await confirmPurchase(s.response.purchaseId)).status,
      sleep,
      onSlow: () => setState({ name: 'confirming' }),
    });
    if (status === 'pending') {
      setState({ name: 'error', message: t('checkout.notYetConfirmed') });
      return;
    }
    await finish(status === 'fulfilled' ? 'success' : 'fail', s.response.provider);
  }

  async function pay(request: StartPurchaseRequest): Promise<void> {
    const key = JSON.stringify(request);
    // The same purchase again (Continuar pressed after a refusal): its payment, not a new one.
    if (started.current?.key !== key)
      started.current = { key, response: await startPurchase(request), cardDone: false };
    const s = started.current;
    if (s.response.next === 'confirmed' || s.cardDone) return settle(s);
    const result = await confirmCard(s.response.clientSecret, request.holderName);
    if (result.status === 'succeeded') {
      s.cardDone = true;
      return settle(s);
    }
    if (result.network) {
      // The card field lost the provider's answer: the payment may be done; the server says.
      const status = await confirmPurchase(s.response.purchaseId).then(
        (a) => a.status,
        () => 'pending' as const,
      );
      if (status === 'fulfilled') return finish('success', s.response.provider);
      setState({ name: 'error', message: t('checkout.connectivity') });
      return;
    }
    const error = cardErrorOf(result.code, result.declineCode);
    if (error === 'check') {
      // The provider no longer waits for a card: it took one already.
      s.cardDone = true;
      return settle(s);
    }
    setState({ name: 'error', message: t(`cardErrors.${error}`) });
  }

  return { state, setState, pay, cardDone: () => started.current?.cardDone === true };
}

function CheckoutFields({ pending, quote, code, password, onApply, onRemove }: FieldsProps) {
  const { t, i18n } = useTranslation('commerce');
  const address = useCardFieldAddress();
  const frame = address.data ? cardFieldSrc(address.data.cardFormUrl, window.location.origin, i18n.language) : null;
  const { frameRef, frameKey, ready, challenge, confirm } = useCardField(frame?.origin ?? null);
  const { state, setState, pay, cardDone } = usePayment(pending, confirm);
  const location = useLocation();
  // Back from the terms: what was typed is there again.
  const [holder, setHolder] = useState(() => takeCheckoutDraft(location.pathname)?.holder ?? '');
  const [holderError, setHolderError] = useState<string | undefined>();
  const [method, setMethod] = useState<'saved' | 'new'>(quote.savedCard ? 'saved' : 'new');
  const [saveCard, setSaveCard] = useState(false);
  const [now] = useState(() => new Date());
  const { product } = quote;
  const terms = usePriceTerms(quote);
  const purchase = purchaseForPackage([product], product.packageID, now);
  const useSaved = method === 'saved' && quote.savedCard !== null;
  const trial = quote.trialDays > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = holder.trim();
    setHolderError(name ? undefined : t('checkout.holderRequired'));
    if (!name) return;
    if (!useSaved && !ready && !cardDone()) {
      setState({ name: 'error', message: t('checkout.connectivity') });
      return;
    }
    setState({ name: 'loading' });
    const request: StartPurchaseRequest = {
      productId: product.id,
      holderName: name,
      // A trial's card is kept: the first charge comes at its end.
      ...(useSaved ? { useSavedCard: true } : { saveCard: trial || saveCard }),
      ...(code ? { promotionCode: code } : {}),
      ...(password ? { accountPassword: password } : {}),
    };
    pay(request).catch((error: unknown) => setState({ name: 'error', message: messageOf(error, t, i18n.language) }));
  };

  const busy = state.name === 'loading' || state.name === 'confirming';
  const total = differsToday(quote)
    ? t('checkout.totalToday', { price: formatPrice(quote.dueTodayCents, product.curr, i18n.language) })
    : t('checkout.total', { price: terms });
  return (
    <form className="checkout-form" onSubmit={submit} noValidate aria-busy={busy}>
      {purchase ? <ProductTerms quote={quote} purchase={purchase} /> : null}
      <PromotionCode code={code} disabled={busy} onApply={onApply} onRemove={onRemove} />
      <p className="purchase-summary__price checkout-total" data-testid="checkout-total">
        {total}
      </p>
      <TextField
        label={t('checkout.holder')}
        name="holder"
        autoComplete="cc-name"
        required
        value={holder}
        error={holderError}
        onChange={(e) => setHolder(e.target.value)}
        disabled={busy}
      />
      {quote.savedCard ? (
        <PaymentMethod card={quote.savedCard} method={method} onChange={setMethod} disabled={busy} />
      ) : null}
      <div className="card-field" hidden={useSaved}>
        <span className="card-field__label" id="card-field-label">
          {t('checkout.card')}
        </span>
        {frame ? (
          <iframe
            key={`${frameKey}-${i18n.language}`}
            ref={frameRef}
            className={`card-field__frame${challenge ? ' card-field__frame--challenge' : ''}`}
            src={frame.src}
            title={t('checkout.cardFrame')}
            aria-describedby="card-field-label"
          />
        ) : address.isError ? null : (
          <p className="commerce-note">{t('checkout.paying')}</p>
        )}
        {trial ? (
          <p className="commerce-note">{t('checkout.trialCardNote')}</p>
        ) : (
          <Checkbox
            label={t('checkout.saveCard')}
            name="saveCard"
            checked={saveCard}
            onChange={(e) => setSaveCard(e.target.checked)}
            disabled={busy}
          />
        )}
      </div>
      {state.name === 'confirming' ? (
        <p className="commerce-notice" role="status">
          {t('checkout.stillConfirming')}
        </p>
      ) : null}
      {state.name === 'error' ? <Alert>{state.message}</Alert> : null}
      {/* Without the card field, only the saved card can pay. */}
      {address.isError && !useSaved ? <Alert>{messageOf(address.error, t, i18n.language)}</Alert> : null}
      <Button type="submit" block loading={busy}>
        {busy ? t('checkout.paying') : t('checkout.continue')}
      </Button>
      <p className="commerce-note">
        <Trans
          ns="commerce"
          i18nKey="checkout.termsNote"
          components={{
            terms: (
              <Link
                className="link"
                to={paths.terms.getHref()}
                state={{ from: location.pathname }}
                onClick={() => saveCheckoutDraft(location.pathname, { holder })}
              />
            ),
          }}
        />
      </p>
    </form>
  );
}

/** The card on file ('Pagar con Visa •••• 4242', the default) or a new card. */
function PaymentMethod({
  card,
  method,
  onChange,
  disabled,
}: {
  card: SavedCard;
  method: 'saved' | 'new';
  onChange: (method: 'saved' | 'new') => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('commerce');
  return (
    <fieldset className="pay-method" disabled={disabled}>
      <legend className="card-field__label">{t('checkout.method')}</legend>
      <label className="pay-method__option">
        <input
          type="radio"
          name="method"
          value="saved"
          checked={method === 'saved'}
          onChange={() => onChange('saved')}
        />
        <span>
          {t('checkout.savedCard', { brand: brandName(card.brand), last4: card.last4 })}
          <span className="commerce-note pay-method__expiry">
            {t('checkout.expires', {
              month: String(card.expMonth).padStart(2, '0'),
              year: String(card.expYear).slice(-2),
            })}
          </span>
        </span>
      </label>
      <label className="pay-method__option">
        <input type="radio" name="method" value="new" checked={method === 'new'} onChange={() => onChange('new')} />
        <span>{t('checkout.newCard')}</span>
      </label>
    </fieldset>
  );
}

/** 'visa' → 'Visa', 'amex' → 'American Express': as the card says it. */
function brandName(brand: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  return names[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** 'Código promocional': applied by the server's quote, or refused on the field itself. */
function PromotionCode({
  code,
  disabled,
  onApply,
  onRemove,
}: {
  code: string | null;
  disabled: boolean;
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
}) {
  const { t } = useTranslation('commerce');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [applying, setApplying] = useState(false);

  const apply = () => {
    setApplying(true);
    onApply(typed)
      .then((refusal) => {
        setError(refusal ?? undefined);
        if (!refusal) setTyped('');
      })
      .finally(() => setApplying(false));
  };
  // Enter in the code applies it; it must not submit the payment.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  if (code) {
    return (
      <div className="promo promo--applied">
        <p role="status">{t('promo.applied', { code })}</p>
        <Button type="button" variant="secondary" onClick={onRemove} disabled={disabled}>
          {t('promo.remove')}
        </Button>
      </div>
    );
  }
  return (
    <div className="promo">
      <TextField
        label={t('promo.label')}
        name="promotionCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={typed}
        error={error}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled || applying}
      />
      <Button type="button" variant="secondary" onClick={apply} loading={applying} disabled={disabled}>
        {t('promo.apply')}
      </Button>
    </div>
  );
}
