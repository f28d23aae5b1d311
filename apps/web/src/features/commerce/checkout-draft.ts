/** What was typed at checkout, kept while the buyer reads the terms. Never card data: the card field is the provider's. */
export interface CheckoutDraft {
  holder: string;
}

const KEY = 'pantalla.checkout-draft';
/** A draft older than this is a checkout left long ago, not one being filled in. */
const MAX_AGE_MS = 60 * 60 * 1000;

/** Keeps the checkout's typed values for this page (sessionStorage, this tab only). */
export function saveCheckoutDraft(path: string, draft: CheckoutDraft, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, holder: draft.holder, savedAt: now }));
  } catch {
    // Storage full or blocked: the form simply starts empty on return.
  }
}

/** The draft of this checkout page, if recent; read once (it is removed). */
export function takeCheckoutDraft(path: string, now = Date.now()): CheckoutDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    const draft = JSON.parse(raw) as { path?: unknown; holder?: unknown; savedAt?: unknown };
    if (
      draft.path !== path ||
      typeof draft.savedAt !== 'number' ||
      now - draft.savedAt > MAX_AGE_MS ||
      typeof draft.holder !== 'string'
    )
      return null;
    return { holder: draft.holder.slice(0, 120) };
  } catch {
    return null;
  }
}

/** Where the terms page's back link leads: the page it was opened from (a path of this app), else nowhere. */
export function returnPathOf(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
