import { describe, expect, it } from 'vitest';
import {
  localizedRefusal,
  PAYMENT_REFUSALS,
  paymentRefusalText,
  REFUSAL_TRANSLATIONS,
  refusalLanguageOf,
} from './refusal-language';

describe('refusal translations', () => {
  it('give every entry an English and a German text, none empty and none left in Spanish', () => {
    for (const [es, t] of Object.entries(REFUSAL_TRANSLATIONS)) {
      expect(es.trim(), 'key').not.toBe('');
      expect(t.en.trim(), es).not.toBe('');
      expect(t.de.trim(), es).not.toBe('');
      expect(t.en, es).not.toBe(es);
      expect(t.de, es).not.toBe(es);
    }
  });

  it('keep the spec’s Spanish verbatim for Spanish, and untranslated texts as they are', () => {
    expect(localizedRefusal('Ya tienes este producto.', 'es')).toBe('Ya tienes este producto.');
    expect(localizedRefusal('Ya tienes este producto.', 'en')).toBe('You already have this product.');
    expect(localizedRefusal('Ya tienes este producto.', 'de')).toBe('Sie haben dieses Produkt bereits.');
    expect(localizedRefusal('Un texto sin traducir.', 'en')).toBe('Un texto sin traducir.');
  });
});

describe('refusalLanguageOf', () => {
  it('takes the most preferred of es, en and de; Spanish for anything else or nothing', () => {
    expect(refusalLanguageOf(undefined)).toBe('es');
    expect(refusalLanguageOf('')).toBe('es');
    expect(refusalLanguageOf('en')).toBe('en');
    expect(refusalLanguageOf('de-AT')).toBe('de');
    expect(refusalLanguageOf('fr-FR,fr;q=0.9')).toBe('es');
    expect(refusalLanguageOf('fr,en;q=0.5,de;q=0.8')).toBe('de');
    expect(refusalLanguageOf('en;q=0,es;q=0.1')).toBe('es');
    expect(refusalLanguageOf('*')).toBe('es');
  });
});

describe('paymentRefusalText', () => {
  it('says known Stripe codes in our words, the decline code first, and a generic refusal otherwise', () => {
    expect(paymentRefusalText('card_declined', 'insufficient_funds')).toBe(PAYMENT_REFUSALS.insufficientFunds);
    expect(paymentRefusalText('card_declined', 'generic_decline')).toBe(PAYMENT_REFUSALS.declined);
    expect(paymentRefusalText('expired_card', null)).toBe(PAYMENT_REFUSALS.expired);
    expect(paymentRefusalText('incorrect_cvc')).toBe(PAYMENT_REFUSALS.incorrectCvc);
    expect(paymentRefusalText('processing_error')).toBe(PAYMENT_REFUSALS.processing);
    expect(paymentRefusalText('authentication_required', 'authentication_required')).toBe(
      PAYMENT_REFUSALS.authentication,
    );
    expect(paymentRefusalText('resource_missing')).toBe(PAYMENT_REFUSALS.generic);
    expect(paymentRefusalText(null)).toBe(PAYMENT_REFUSALS.generic);
  });
});
