/**
 * Stripe's test cards and what each does (the sandbox answers as Stripe's test mode does).
 * Messages are Stripe's own, in the card field's locale (es, else en).
 */
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'authenticates' }
  | { kind: 'declined'; code: string; declineCode: string | null; message: Messages }
  | { kind: 'invalid'; code: string; param: string; message: Messages };

type Messages = { es: string; en: string };

const declined = (declineCode: string, message: Messages): CardOutcome => ({ kind: 'declined', code: 'card_declined', declineCode, message });

const GENERIC: Messages = { es: 'Se ha rechazado tu tarjeta.', en: 'Your card was declined.' };
const INSUFFICIENT: Messages = { es: 'Tu tarjeta no tiene fondos suficientes.', en: 'Your card has insufficient funds.' };
export const AUTHENTICATION_FAILED: Messages = {
  es: 'No hemos podido autenticar tu método de pago. Elige otro método de pago y vuelve a intentarlo.',
  en: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
const NOT_TEST: Messages = {
  es: 'Se ha rechazado tu tarjeta. Tu solicitud estaba en modo de prueba, pero usaste una tarjeta que no es de prueba.',
  en: 'Your card was declined. Your request was in test mode, but used a non test card.',
};

/** Test card numbers and their behaviour (docs.stripe.com/testing). */
const TEST_CARDS: ReadonlyMap<string, CardOutcome> = new Map<string, CardOutcome>([
  ['4242424242424242', { kind: 'succeeds' }],
  ['5555555555554444', { kind: 'succeeds' }],
  ['4000000000000002', declined('generic_decline', GENERIC)],
  ['4000000000009995', declined('insufficient_funds', INSUFFICIENT)],
  ['4000002760003184', { kind: 'authenticates' }],
  ['4000000000000341', { kind: 'succeeds' }],
]);

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
  if (!/^\d{12,19}$/.test(number)) return { kind: 'invalid', code: 'incomplete_number', param: 'number', message: { es: 'El número de tu tarjeta está incompleto.', en: 'Your card number is incomplete.' } };
  if (!luhnValid(number)) return { kind: 'invalid', code: 'invalid_number', param: 'number', message: { es: 'El número de tu tarjeta no es válido.', en: 'Your card number is invalid.' } };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { kind: 'invalid', code: 'invalid_expiry_month', param: 'exp_month', message: { es: 'La fecha de caducidad de tu tarjeta está incompleta.', en: "Your card's expiration date is incomplete." } };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (expired) return { kind: 'invalid', code: 'invalid_expiry_year', param: 'exp_year', message: { es: 'El año de caducidad de tu tarjeta ya ha pasado.', en: "Your card's expiration year is in the past." } };
  if (!/^\d{3,4}$/.test(card.cvc)) return { kind: 'invalid', code: 'incomplete_cvc', param: 'cvc', message: { es: 'El código de seguridad de tu tarjeta está incompleto.', en: "Your card's security code is incomplete." } };
  return TEST_CARDS.get(number) ?? declined('test_mode_live_card', NOT_TEST);
}

/** The card's brand as Stripe names it, from its first digits. */
export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}
