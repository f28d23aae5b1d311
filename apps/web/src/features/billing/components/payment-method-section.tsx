import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { CardSetupResponse } from '@pantalla/contracts';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { cardErrorOf, cardFieldSrc, useCardField, usePurchases } from '../../commerce';
import { confirmCardSetup, startCardSetup, useCardOnFile, useRefreshBilling, useRemoveCard } from '../api/billing';
import { brandName, expiry } from '../format';
import '../billing.css';

/** The section's id: the banner and a past-due subscription link here. */
export const PAYMENT_METHOD_ID = 'payment-method';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** 'Método de pago': the card on file (brand, last four, expiry), add or replace it, remove it. */
export function PaymentMethodSection() {
  const { t } = useTranslation('billing');
  const card = useCardOnFile();
  const remove = useRemoveCard();
  const [mode, setMode] = useState<'view' | 'form' | 'remove'>('view');
  const [notice, setNotice] = useState<Notice>(null);
  const current = card.data?.card ?? null;
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // The banner's and a past-due subscription's link: the section in view, focus on it.
    if (hash !== `#${PAYMENT_METHOD_ID}` || !card.data) return;
    sectionRef.current?.scrollIntoView({ block: 'start' });
    sectionRef.current?.focus({ preventScroll: true });
  }, [hash, card.data]);

  const onSaved = (text: string) => {
    setMode('view');
    setNotice({ tone: 'success', text });
  };

  return (
    <section
      ref={sectionRef}
      id={PAYMENT_METHOD_ID}
      className="settings-card billing-card"
      aria-labelledby="payment-method-title"
      tabIndex={-1}
    >
      <h2 id="payment-method-title" className="settings-card__title">
        {t('card.title')}
      </h2>
      <p className="settings-card__intro">{t('card.intro')}</p>
      {card.isError ? <Alert>{t('card.loadError')}</Alert> : null}
      {card.data ? (
        current ? (
          <p className="saved-card" data-testid="saved-card">
            <span className="saved-card__number">
              {t('card.summary', { brand: brandName(current.brand), last4: current.last4 })}
            </span>
            <span className="saved-card__expiry">
              {t('card.expires', { date: expiry(current.expMonth, current.expYear) })}
            </span>
          </p>
        ) : (
          <p className="settings-empty">{t('card.none')}</p>
        )
      ) : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {mode === 'form' ? (
        <CardSetupForm onCancel={() => setMode('view')} onSaved={onSaved} />
      ) : mode === 'remove' ? (
        <div className="billing-confirm" role="group" aria-labelledby="card-remove-question">
          <p id="card-remove-question">{t('card.removeConfirm')}</p>
          <div className="billing-actions">
            <Button
              variant="primary"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => onSaved(t('card.removed')),
                  onError: () => setNotice({ tone: 'error', text: t('card.connectivity') }),
                })
              }
            >
              {t('card.removeYes')}
            </Button>
            <Button variant="ghost" onClick={() => setMode('view')}>
              {t('card.removeNo')}
            </Button>
          </div>
        </div>
      ) : card.data ? (
        <div className="billing-actions">
          <Button
            variant={current ? 'secondary' : 'primary'}
            onClick={() => {
              setNotice(null);
              setMode('form');
            }}
          >
            {current ? t('card.replace') : t('card.add')}
          </Button>
          {current ? (
            <Button
              variant="ghost"
              onClick={() => {
                setNotice(null);
                setMode('remove');
              }}
            >
              {t('card.remove')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** A failure as the form says it, in the user's language: never the provider's own words. */
function failureText(error: unknown, t: ReturnType<typeof useTranslation<'billing'>>['t'], language: string): string {
  if (!(error instanceof ApiError) || error.isNetworkError || error.status >= 500) return t('card.connectivity');
  // The server's refusals are Spanish sentences.
  return language.startsWith('es') ? error.message : t('card.refused');
}

/**
 * The provider's card field in setup mode: the server opens a setup intent, the field
 * confirms it (with its 3-D Secure challenge when the card asks), the server makes the card
 * the default and pays what a failed renewal left open.
 */
function CardSetupForm({ onCancel, onSaved }: { onCancel: () => void; onSaved: (text: string) => void }) {
  const { t, i18n } = useTranslation('billing');
  const { t: tc } = useTranslation('commerce');
  const [setup, setSetup] = useState<CardSetupResponse | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const asked = useRef(false);
  const [holder, setHolder] = useState('');
  const [holderError, setHolderError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const purchases = usePurchases();
  const refresh = useRefreshBilling();
  const frame = setup ? cardFieldSrc(setup.cardFormUrl, window.location.origin, i18n.language) : null;
  const { frameRef, frameKey, ready, challenge, confirm } = useCardField(frame?.origin ?? null);

  useEffect(() => {
    // Once per form, also under StrictMode's second run: one setup intent.
    if (asked.current) return;
    asked.current = true;
    startCardSetup().then(setSetup, (e: unknown) => setSetupError(failureText(e, t, i18n.language)));
  }, [t, i18n.language]);

  async function finish(s: CardSetupResponse): Promise<void> {
    const answer = await confirmCardSetup(s.setupIntentId);
    await refresh();
    if (answer.recovered.length === 0) {
      onSaved(t('card.saved'));
      return;
    }
    const titles = answer.recovered
      .map((id) => purchases.data?.subscriptions.find((p) => p.purchaseId === id)?.title ?? '')
      .filter(Boolean);
    onSaved(t('card.recovered', { titles: titles.join(', ') || '—' }));
  }

  async function save(s: CardSetupResponse, name: string): Promise<void> {
    const result = await confirm(s.clientSecret, name);
    if (result.status === 'succeeded') return finish(s);
    if (result.network) {
      // The field lost the provider's answer: the card may be saved; the server knows.
      return finish(s);
    }
    const key = cardErrorOf(result.code, result.declineCode);
    // The intent no longer waits for a card: it took one already.
    if (key === 'check') return finish(s);
    setError(tc(`cardErrors.${key}`));
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = holder.trim();
    setHolderError(name ? undefined : t('card.holderRequired'));
    if (!name || !setup) return;
    if (!ready) {
      setError(t('card.connectivity'));
      return;
    }
    setError(null);
    setBusy(true);
    save(setup, name)
      .catch((e: unknown) => setError(failureText(e, t, i18n.language)))
      .finally(() => setBusy(false));
  };

  return (
    <form className="card-setup" onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label={t('card.holder')}
        name="holder"
        autoComplete="cc-name"
        required
        value={holder}
        error={holderError}
        onChange={(e) => setHolder(e.target.value)}
        disabled={busy}
      />
      <div className="card-field">
        <span className="card-field__label" id="card-setup-label">
          {t('card.cardField')}
        </span>
        {frame ? (
          <iframe
            key={`${frameKey}-${i18n.language}`}
            ref={frameRef}
            className={`card-field__frame${challenge ? ' card-field__frame--challenge' : ''}`}
            src={frame.src}
            title={t('card.cardFrame')}
            aria-describedby="card-setup-label"
          />
        ) : setupError ? null : (
          <p className="settings-hint">{t('card.saving')}</p>
        )}
      </div>
      {setupError ? <Alert>{setupError}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <div className="billing-actions">
        <Button type="submit" loading={busy} disabled={!setup}>
          {busy ? t('card.saving') : t('card.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('card.cancel')}
        </Button>
      </div>
    </form>
  );
}
