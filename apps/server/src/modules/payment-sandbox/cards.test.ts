import { describe, expect, it } from 'vitest';
import {
  AUTHENTICATION_FAILED,
  AUTHENTICATION_REQUIRED,
  CARD_LOCALES,
  cardLocaleOf,
  cardOutcome,
  GENERIC,
  offSessionOutcome,
} from './cards';
import { amountText, cardFieldPage, challengePage, PAGE_TEXTS } from './pages';

const NOW = new Date(Date.UTC(2026, 10, 28));
const card = (number: string, expMonth = 12, expYear = 34) => ({ number, expMonth, expYear, cvc: '123' });

describe("the card field in the app's language", () => {
  it('reads locale=es|en|de; anything else is es', () => {
    expect(cardLocaleOf('de')).toBe('de');
    expect(cardLocaleOf('en-GB,en;q=0.9')).toBe('en');
    expect(cardLocaleOf('fr')).toBe('es');
    expect(cardLocaleOf(undefined)).toBe('es');
  });

  it('has every card message in es, en and de', () => {
    const outcomes = [
      cardOutcome(card('4000000000000002'), NOW),
      cardOutcome(card('4000000000009995'), NOW),
      cardOutcome(card('4242'), NOW),
      cardOutcome(card('4242424242424241'), NOW),
      cardOutcome(card('4242424242424242', 13), NOW),
      cardOutcome(card('4242424242424242', 1, 20), NOW),
      cardOutcome({ ...card('4242424242424242'), cvc: '' }, NOW),
      cardOutcome(card('4111111111111111'), NOW),
    ];
    for (const outcome of outcomes) {
      expect(outcome.kind === 'declined' || outcome.kind === 'invalid').toBe(true);
      if (outcome.kind !== 'declined' && outcome.kind !== 'invalid') continue;
      for (const locale of CARD_LOCALES) expect(outcome.message[locale]).toMatch(/\S/);
      expect(new Set(CARD_LOCALES.map((l) => outcome.message[l])).size).toBe(3);
    }
    for (const messages of [AUTHENTICATION_FAILED, AUTHENTICATION_REQUIRED, GENERIC])
      for (const locale of CARD_LOCALES) expect(messages[locale]).toMatch(/\S/);
    expect(GENERIC.de).toBe('Ihre Karte wurde abgelehnt.');
  });

  it('labels the card field and the challenge in each language, lang attribute included', () => {
    for (const locale of CARD_LOCALES) {
      const field = cardFieldPage(locale);
      expect(field).toContain(`<html lang="${locale}">`);
      expect(field).toContain(PAGE_TEXTS[locale].number);
      expect(field).toContain(`const locale = "${locale}"`);
      // Setup mode: a setup intent's secret is confirmed at /v1/setup_intents.
      expect(field).toContain("'/v1/setup_intents/'");
      expect(challengePage(null, locale)).toContain(PAGE_TEXTS[locale].challengeSetup);
    }
    expect(cardFieldPage('de')).toContain('Kartennummer');
    expect(challengePage(amountText(999, 'eur', 'de'), 'de')).toContain('Testzahlung über 9,99 €');
    expect(amountText(999, 'eur', 'en')).toBe('€9.99');
    expect(amountText(999, 'eur')).toBe('9,99 €');
  });
});

describe('charging a saved card off session', () => {
  it('pays with a good card, declines what needs someone there or later fails', () => {
    expect(offSessionOutcome(card('4242424242424242'), NOW).kind).toBe('succeeds');
    expect(offSessionOutcome(card('4000002500003155'), NOW).kind).toBe('succeeds');
    expect(offSessionOutcome(card('4000002760003184'), NOW)).toMatchObject({
      kind: 'declined',
      code: 'authentication_required',
    });
    expect(offSessionOutcome(card('4000000000000341'), NOW)).toMatchObject({
      kind: 'declined',
      declineCode: 'generic_decline',
    });
    expect(offSessionOutcome(card('4000000000009995'), NOW)).toMatchObject({
      kind: 'declined',
      declineCode: 'insufficient_funds',
    });
    expect(offSessionOutcome(card('4242424242424242', 1, 2020), NOW)).toMatchObject({
      kind: 'declined',
      code: 'expired_card',
    });
  });
});
