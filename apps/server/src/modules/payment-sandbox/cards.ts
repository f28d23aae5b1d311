/**
 * Stripe's test cards and what each does (the sandbox answers as Stripe's test mode does).
 * Messages are Stripe's own, in the card field's locale (es, en or de; anything else es).
 */
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'authenticates' }
  | { kind: 'declined'; code: string; declineCode: string | null; message: Messages }
  | { kind: 'invalid'; code: string; param: string; message: Messages };

/** The languages the card field and the sandbox's messages speak. */
export type CardLocale = 'es' | 'en' | 'de';
export const CARD_LOCALES: readonly CardLocale[] = ['es', 'en', 'de'];
/** A locale parameter or Accept-Language as the card field reads it: es, en or de; anything else es. */
export function cardLocaleOf(value: string | null | undefined): CardLocale {
  const tag = (value ?? '').trim().toLowerCase().slice(0, 2);
  return tag === 'en' || tag === 'de' ? tag : 'es';
}

export type Messages = Record<CardLocale, string>;

const declined = (declineCode: string, message: Messages): CardOutcome => ({
  kind: 'declined',
  code: 'card_declined',
  declineCode,
  message,
});

export const GENERIC: Messages = {
  es: 'Se ha rechazado tu tarjeta.',
  en: 'Your card was declined.',
  de: 'Ihre Karte wurde abgelehnt.',
};
const INSUFFICIENT: Messages = {
  es: 'Tu tarjeta no tiene fondos suficientes.',
  en: 'Your card has insufficient funds.',
  de: 'Ihre Karte ist nicht ausreichend gedeckt.',
};
export const AUTHENTICATION_FAILED: Messages = {
  es: 'No hemos podido autenticar tu método de pago. Elige otro método de pago y vuelve a intentarlo.',
  en: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  de: 'Wir können Ihre Zahlungsmethode nicht authentifizieren. Bitte wählen Sie eine andere Zahlungsmethode und versuchen Sie es erneut.',
};
/** An off-session charge of a card that asks for 3-D Secure each time: nobody is there to authenticate. */
export const AUTHENTICATION_REQUIRED: Messages = {
  es: 'Se ha rechazado tu tarjeta. Esta operación requiere autenticación.',
  en: 'Your card was declined. This transaction requires authentication.',
  de: 'Ihre Karte wurde abgelehnt. Diese Transaktion erfordert eine Authentifizierung.',
};
const EXPIRED: Messages = {
  es: 'Tu tarjeta ha caducado.',
  en: 'Your card has expired.',
  de: 'Ihre Karte ist abgelaufen.',
};
const NOT_TEST: Messages = {
  es: 'Se ha rechazado tu tarjeta. Tu solicitud estaba en modo de prueba, pero usaste una tarjeta que no es de prueba.',
  en: 'Your card was declined. Your request was in test mode, but used a non test card.',
  de: 'Ihre Karte wurde abgelehnt. Ihre Anfrage erfolgte im Testmodus, aber Sie haben keine Testkarte verwendet.',
};

/** Test card numbers and their behaviour (docs.stripe.com/testing). */
const TEST_CARDS: ReadonlyMap<string, CardOutcome> = new Map<string, CardOutcome>([
  ['4242424242424242', { kind: 'succeeds' }],
  ['5555555555554444', { kind: 'succeeds' }],
  ['4000000000000002', declined('generic_decline', GENERIC)],
  ['4000000000009995', declined('insufficient_funds', INSUFFICIENT)],
  ['4000002760003184', { kind: 'authenticates' }],
  ['4000000000000341', { kind: 'succeeds' }],
  // Asks for 3-D Secure once: set up (or paid) with it, later off-session charges need none.
  ['4000002500003155', { kind: 'authenticates' }],
]);

/** Cards that, once set up with 3-D Secure, are charged off session without asking again (Stripe's 4000 0025 0000 3155). */
export function authenticatesOnce(number: string): boolean {
  return number === '4000002500003155';
}

/** What an off-session charge of a saved card does at `now`: pays, or its decline (no one can authenticate). */
export function offSessionOutcome(card: { number: string; expMonth: number; expYear: number }, now: Date): CardOutcome {
  const outcome = cardOutcome({ ...card, cvc: '123' }, now);
  if (outcome.kind === 'invalid')
    return outcome.code === 'invalid_expiry_year'
      ? { kind: 'declined', code: 'expired_card', declineCode: null, message: EXPIRED }
      : declined('generic_decline', GENERIC);
  if (outcome.kind === 'authenticates')
    return authenticatesOnce(card.number)
      ? { kind: 'succeeds' }
      : {
          kind: 'declined',
          code: 'authentication_required',
          declineCode: 'authentication_required',
          message: AUTHENTICATION_REQUIRED,
        };
  if (outcome.kind === 'succeeds' && laterChargesFail(card.number)) return declined('generic_decline', GENERIC);
  return outcome;
}

/** Cards that attach and pay once but whose later charges fail (Stripe's 4000 0000 0000 0341). */
export function laterChargesFail(number: string): boolean {
  return number === '4000000000000341';
}

/** Stripe's test payment-method ids, resolved to the card they stand for. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What a card does when charged at `now`: its number, expiry and CVC checked first, as Stripe does. */
export function cardOutcome(card: CardInput, now: Date): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number))
    return {
      kind: 'invalid',
      code: 'incomplete_number',
      param: 'number',
      message: {
        es: 'El número de tu tarjeta está incompleto.',
        en: 'Your card number is incomplete.',
        de: 'Ihre Kartennummer ist unvollständig.',
      },
    };
  if (!luhnValid(number))
    return {
      kind: 'invalid',
      code: 'invalid_number',
      param: 'number',
      message: {
        es: 'El número de tu tarjeta no es válido.',
        en: 'Your card number is invalid.',
        de: 'Ihre Kartennummer ist ungültig.',
      },
    };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return {
      kind: 'invalid',
      code: 'invalid_expiry_month',
      param: 'exp_month',
      message: {
        es: 'La fecha de caducidad de tu tarjeta está incompleta.',
        en: "Your card's expiration date is incomplete.",
        de: 'Das Ablaufdatum Ihrer Karte ist unvollständig.',
      },
    };
  }
  const year = fullYear(card.expYear);
  const expired =
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (expired)
    return {
      kind: 'invalid',
      code: 'invalid_expiry_year',
      param: 'exp_year',
      message: {
        es: 'El año de caducidad de tu tarjeta ya ha pasado.',
        en: "Your card's expiration year is in the past.",
        de: 'Das Ablaufjahr Ihrer Karte liegt in der Vergangenheit.',
      },
    };
  if (!/^\d{3,4}$/.test(card.cvc))
    return {
      kind: 'invalid',
      code: 'incomplete_cvc',
      param: 'cvc',
      message: {
        es: 'El código de seguridad de tu tarjeta está incompleto.',
        en: "Your card's security code is incomplete.",
        de: 'Der Sicherheitscode Ihrer Karte ist unvollständig.',
      },
    };
  return TEST_CARDS.get(number) ?? declined('test_mode_live_card', NOT_TEST);
}

/** The card's brand as Stripe names it, from its first digits. */
export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** A two-digit expiry year as Stripe stores it (34 → 2034). */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}
