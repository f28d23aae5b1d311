import { describe, expect, it } from 'vitest';
import es from '../../locales/es/commerce.json';
import en from '../../locales/en/commerce.json';
import de from '../../locales/de/commerce.json';
import { cardErrorOf, cardFieldSrc, readCardFieldMessage, safeReturnPath, type CardErrorKey } from './card-messages';

describe("the card field's messages", () => {
  it("reads ready, challenge, success, the provider's message and a network failure", () => {
    expect(readCardFieldMessage({ source: 'pantalla-card', type: 'pantalla-card:ready' })).toEqual({ type: 'ready' });
    expect(readCardFieldMessage({ source: 'pantalla-card', type: 'pantalla-card:challenge' })).toEqual({
      type: 'challenge',
    });
    expect(
      readCardFieldMessage({ source: 'pantalla-card', type: 'pantalla-card:result', status: 'succeeded' }),
    ).toEqual({ type: 'result', status: 'succeeded' });
    expect(
      readCardFieldMessage({
        source: 'pantalla-card',
        type: 'pantalla-card:result',
        status: 'error',
        message: 'Se ha rechazado tu tarjeta.',
      }),
    ).toEqual({ type: 'result', status: 'error', network: false, message: 'Se ha rechazado tu tarjeta.' });
    expect(
      readCardFieldMessage({ source: 'pantalla-card', type: 'pantalla-card:result', status: 'error', network: true }),
    ).toEqual({ type: 'result', status: 'error', network: true });
  });

  it("keeps the provider's error code and decline code", () => {
    expect(
      readCardFieldMessage({
        source: 'pantalla-card',
        type: 'pantalla-card:result',
        status: 'error',
        message: 'Your card has insufficient funds.',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
      }),
    ).toEqual({
      type: 'result',
      status: 'error',
      network: false,
      message: 'Your card has insufficient funds.',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
  });

  it('ignores anything else', () => {
    for (const data of [
      null,
      'x',
      {},
      { type: 'pantalla-card:ready' },
      { source: 'pantalla-card', type: 'other' },
      { source: 'pantalla-card', type: 'pantalla-card:result', status: 'odd' },
    ]) {
      expect(readCardFieldMessage(data)).toBeNull();
    }
  });
});

describe("a provider refusal in the user's language", () => {
  it("maps known codes and decline codes to the checkout's own texts", () => {
    expect(cardErrorOf('card_declined', 'generic_decline')).toBe('declined');
    expect(cardErrorOf('card_declined', 'insufficient_funds')).toBe('insufficientFunds');
    expect(cardErrorOf('card_declined')).toBe('declined');
    expect(cardErrorOf('payment_intent_authentication_failure')).toBe('authenticationFailed');
    expect(cardErrorOf('incomplete_cvc')).toBe('incompleteCvc');
    expect(cardErrorOf('invalid_expiry_year')).toBe('invalidExpiryYear');
  });

  it('asks the server when the provider says the payment is no longer waiting for a card (Continuar pressed again after it was paid)', () => {
    expect(cardErrorOf('payment_intent_unexpected_state')).toBe('check');
    expect(cardErrorOf('setup_intent_unexpected_state')).toBe('check');
  });

  it("says anything unknown with a generic text, never the provider's own words", () => {
    expect(cardErrorOf(undefined)).toBe('generic');
    expect(cardErrorOf('something_new', 'odd_decline')).toBe('generic');
  });

  it('has every text in es, en and de', () => {
    const keys: CardErrorKey[] = [
      'declined',
      'insufficientFunds',
      'lostCard',
      'stolenCard',
      'expiredCard',
      'incorrectCvc',
      'incorrectNumber',
      'invalidNumber',
      'incompleteNumber',
      'invalidExpiryMonth',
      'invalidExpiryYear',
      'incompleteExpiry',
      'incompleteCvc',
      'invalidCvc',
      'processingError',
      'authenticationFailed',
      'tryAgain',
      'generic',
    ];
    for (const table of [es, en, de]) {
      const texts = table.cardErrors as Record<string, string>;
      expect(keys.filter((key) => !texts[key])).toEqual([]);
    }
    // The texts the spec and the sandbox's Spanish already say, word for word.
    expect(es.cardErrors.declined).toBe('Se ha rechazado tu tarjeta.');
    expect(es.cardErrors.insufficientFunds).toBe('Tu tarjeta no tiene fondos suficientes.');
    expect(es.checkout.connectivity).toBe('Error de conectividad, por favor intenta de nuevo más tarde!');
  });
});

describe('the card field address', () => {
  it("speaks the app's language: es, en or de, anything else Spanish", () => {
    const src = (language: string) =>
      new URL(
        cardFieldSrc('/payments-sandbox/elements/card?key=pk&locale=es', 'http://localhost:8080', language).src,
      ).searchParams.get('locale');
    expect(src('en')).toBe('en');
    expect(src('de-DE')).toBe('de');
    expect(src('es')).toBe('es');
    expect(src('fr')).toBe('es');
  });

  it('carries the page origin, and resolves a path against it', () => {
    expect(cardFieldSrc('/payments-sandbox/elements/card?key=pk&locale=es', 'http://localhost:8080')).toEqual({
      src: 'http://localhost:8080/payments-sandbox/elements/card?key=pk&locale=es&origin=http%3A%2F%2Flocalhost%3A8080',
      origin: 'http://localhost:8080',
    });
    expect(cardFieldSrc('https://pay.example/card?key=pk', 'https://app.example').origin).toBe('https://pay.example');
  });
});

describe('where to go back after a purchase', () => {
  it('is a path of this app only', () => {
    expect(safeReturnPath('/emplayer/abc')).toBe('/emplayer/abc');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', 3, null])
      expect(safeReturnPath(bad)).toBeNull();
  });
});
