/**
 * What the provider's card field tells the checkout over postMessage ('pantalla-card:*'):
 * ready, a 3-D Secure challenge shown, or the result of confirming the payment.
 */
export type CardFieldMessage =
  | { type: 'ready' }
  | { type: 'challenge' }
  | { type: 'result'; status: 'succeeded' }
  | { type: 'result'; status: 'error'; network: true }
  | { type: 'result'; status: 'error'; network: false; message: string; code?: string; declineCode?: string };

/** Reads a message from the card field; anything else (other frames, extensions) is null. */
export function readCardFieldMessage(data: unknown): CardFieldMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m.source !== 'pantalla-card' || typeof m.type !== 'string') return null;
  if (m.type === 'pantalla-card:ready') return { type: 'ready' };
  if (m.type === 'pantalla-card:challenge') return { type: 'challenge' };
  if (m.type !== 'pantalla-card:result') return null;
  if (m.status === 'succeeded') return { type: 'result', status: 'succeeded' };
  if (m.status !== 'error') return null;
  if (typeof m.message === 'string' && m.message.trim() !== '') {
    const code = typeof m.code === 'string' && m.code !== '' ? m.code : undefined;
    const declineCode = typeof m.declineCode === 'string' && m.declineCode !== '' ? m.declineCode : undefined;
    return {
      type: 'result',
      status: 'error',
      network: false,
      message: m.message,
      ...(code ? { code } : {}),
      ...(declineCode ? { declineCode } : {}),
    };
  }
  return { type: 'result', status: 'error', network: true };
}

/**
 * What a provider's refusal means for the checkout: a known refusal shown by its own text in
 * the user's language (a key of commerce's cardErrors); 'check' when the payment may already
 * have gone through (confirming it again was refused because of its state: the server is
 * asked instead); anything else a generic text, never the provider's own words, which may be
 * English whatever the user's language.
 */
export type CardErrorKey =
  | 'declined'
  | 'insufficientFunds'
  | 'lostCard'
  | 'stolenCard'
  | 'expiredCard'
  | 'incorrectCvc'
  | 'incorrectNumber'
  | 'invalidNumber'
  | 'incompleteNumber'
  | 'invalidExpiryMonth'
  | 'invalidExpiryYear'
  | 'incompleteExpiry'
  | 'incompleteCvc'
  | 'invalidCvc'
  | 'processingError'
  | 'authenticationFailed'
  | 'tryAgain'
  | 'generic';

const DECLINE_CODES: Readonly<Record<string, CardErrorKey>> = {
  insufficient_funds: 'insufficientFunds',
  lost_card: 'lostCard',
  stolen_card: 'stolenCard',
  expired_card: 'expiredCard',
  incorrect_cvc: 'incorrectCvc',
  incorrect_number: 'incorrectNumber',
  processing_error: 'processingError',
  try_again_later: 'tryAgain',
};

/** Stripe's error codes (docs.stripe.com/error-codes) the checkout has its own text for. */
const ERROR_CODES: Readonly<Record<string, CardErrorKey>> = {
  card_declined: 'declined',
  expired_card: 'expiredCard',
  incorrect_cvc: 'incorrectCvc',
  incorrect_number: 'incorrectNumber',
  invalid_number: 'invalidNumber',
  incomplete_number: 'incompleteNumber',
  invalid_expiry_month: 'invalidExpiryMonth',
  invalid_expiry_year: 'invalidExpiryYear',
  incomplete_expiry: 'incompleteExpiry',
  incomplete_cvc: 'incompleteCvc',
  invalid_cvc: 'invalidCvc',
  processing_error: 'processingError',
  payment_intent_authentication_failure: 'authenticationFailed',
  setup_intent_authentication_failure: 'authenticationFailed',
  authentication_required: 'authenticationFailed',
  rate_limit: 'tryAgain',
  lock_timeout: 'tryAgain',
};

/** Codes that say the intent is no longer waiting for a card: it may have been paid already. */
const STATE_CODES = new Set(['payment_intent_unexpected_state', 'setup_intent_unexpected_state']);

export function cardErrorOf(code: string | undefined, declineCode?: string): CardErrorKey | 'check' {
  if (code && STATE_CODES.has(code)) return 'check';
  if (declineCode && DECLINE_CODES[declineCode]) return DECLINE_CODES[declineCode];
  return (code && ERROR_CODES[code]) || 'generic';
}

/** The message the checkout sends to have the card field confirm the payment. */
export function confirmMessage(
  clientSecret: string,
  billingName: string,
): { type: 'pantalla-card:confirm'; clientSecret: string; billingName: string } {
  return { type: 'pantalla-card:confirm', clientSecret, billingName };
}

/** The languages the card field speaks; any other reads as Spanish, the app's own. */
const CARD_FIELD_LOCALES = ['es', 'en', 'de'] as const;

/** The card field's address with the embedding page's origin, so it answers only us, and the app's language. */
export function cardFieldSrc(
  cardFormUrl: string,
  pageOrigin: string,
  language?: string,
): { src: string; origin: string } {
  const url = new URL(cardFormUrl, pageOrigin);
  url.searchParams.set('origin', pageOrigin);
  if (language !== undefined) {
    const short = language.slice(0, 2).toLowerCase();
    url.searchParams.set('locale', (CARD_FIELD_LOCALES as readonly string[]).includes(short) ? short : 'es');
  }
  return { src: url.toString(), origin: url.origin };
}

/** A path of this app to go back to: same-origin paths only, never '//' or a scheme. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  return value;
}
