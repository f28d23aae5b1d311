import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_CURRENCIES, type OperatorPriceChange, type OperatorProduct } from '@pantalla/contracts';
import { ApiError } from '../../../../lib/api-client';
import { useChangePrice } from '../api/change-price';
import { Field } from './field';
import { formatMoney, moneyField, parseMoney } from './money';

/**
 * The price new purchases pay (admins). The note says plainly that existing subscriptions
 * keep their price; the password dialog opens when the server asks for it.
 */
export function PriceChangeForm({ product }: { product: OperatorProduct }) {
  const { t, i18n } = useTranslation('operator-products');
  const { t: tc } = useTranslation('operator');
  const change = useChangePrice(product.id);
  const [amount, setAmount] = useState(moneyField(product.priceCents, i18n.language));
  const [currency, setCurrency] = useState<OperatorPriceChange['currency']>(
    PRODUCT_CURRENCIES.find((c) => c === product.currency) ?? 'EUR',
  );
  const [invalid, setInvalid] = useState<string | null>(null);
  const noteId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMoney(amount);
    if (cents === null) return setInvalid(t('price.invalid'));
    if (cents === product.priceCents && currency === product.currency) return setInvalid(t('price.same'));
    setInvalid(null);
    change.mutate({ amountCents: cents, currency, expectedVersion: product.priceVersion });
  };
  // A cancelled password dialog leaves the server's refusal: nothing to say beyond the form staying as it was.
  const refused = change.error instanceof ApiError && change.error.code === 'reauth_required';
  const error =
    invalid ??
    (refused
      ? null
      : change.error instanceof ApiError
        ? change.error.message
        : change.error
          ? tc('common.error')
          : null);
  const saved = change.data?.product;

  return (
    <form className="price-form" onSubmit={submit} aria-labelledby="price-form-legend" aria-describedby={noteId}>
      <h2 id="price-form-legend">{t('price.legend')}</h2>
      <p id={noteId} className="price-form__note" role="note">
        {t('price.note')}
      </p>
      <fieldset disabled={change.isPending}>
        <Field label={t('price.amount')} hint={t('price.amountHint', { currency })}>
          <input
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={invalid === t('price.invalid')}
            required
          />
        </Field>
        <Field label={t('price.currency')}>
          <select
            value={currency}
            onChange={(e) => setCurrency(PRODUCT_CURRENCIES.find((c) => c === e.target.value) ?? 'EUR')}
          >
            {PRODUCT_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit">{change.isPending ? t('price.saving') : t('price.submit')}</button>
      </fieldset>
      {error ? (
        <p role="alert" className="operator-error">
          {error}
        </p>
      ) : null}
      {saved && !change.isPending ? (
        <p role="status">{t('price.saved', { price: formatMoney(saved.priceCents, saved.currency, i18n.language) })}</p>
      ) : null}
    </form>
  );
}
