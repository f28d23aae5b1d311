/**
 * What the provider's card field tells the checkout over postMessage ('pantalla-card:*'):
 * ready, a 3-D Secure challenge shown, or the result of confirming the payment.
 */
export type CardFieldMessage =
  | { type: 'ready' }
  | { type: 'challenge' }
  | { type: 'result'; status: 'succeeded' }
  | { type: 'result'; status: 'error'; network: true }
  | { type: 'result'; status: 'error'; network: false; message: string };

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
  if (typeof m.message === 'string' && m.message.trim() !== '') return { type: 'result', status: 'error', network: false, message: m.message };
  return { type: 'result', status: 'error', network: true };
}

/** The message the checkout sends to have the card field confirm the payment. */
export function confirmMessage(clientSecret: string, billingName: string): { type: 'pantalla-card:confirm'; clientSecret: string; billingName: string } {
  return { type: 'pantalla-card:confirm', clientSecret, billingName };
}

/** The card field's address with the embedding page's origin, so it answers only us. */
export function cardFieldSrc(cardFormUrl: string, pageOrigin: string): { src: string; origin: string } {
  const url = new URL(cardFormUrl, pageOrigin);
  url.searchParams.set('origin', pageOrigin);
  return { src: url.toString(), origin: url.origin };
}

/** A path of this app to go back to: same-origin paths only, never '//' or a scheme. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
