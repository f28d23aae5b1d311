import type { PurchaseStatus } from '@pantalla/contracts';

export interface SettleOptions {
  /** POST /purchases/{id}/confirm's status; throws when the answer was lost (network, 5xx). */
  confirm: () => Promise<PurchaseStatus>;
  /** Waits that long (ms); injected so tests need not wait. */
  sleep: (ms: number) => Promise<void>;
  /** Called once when confirming takes longer than usual ('Seguimos confirmando tu pago…'). */
  onSlow?: () => void;
  /** The waits between asks (ms): backoff, and their count bounds the whole wait. */
  delays?: readonly number[];
}

/** About 45 s in all: longer than a provider's usual confirmation, short enough to say something. */
export const SETTLE_DELAYS: readonly number[] = [500, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 8000];

/**
 * The card field said the payment (or the card's setup) succeeded, or its state is unknown:
 * asks the server, which asks the provider, until it says fulfilled or failed. A lost answer
 * or 'pending' is asked again after a growing wait; the first of them marks the wait as slow.
 * 'pending' when the server still does not know after the last wait.
 */
export async function settlePurchase({
  confirm,
  sleep,
  onSlow,
  delays = SETTLE_DELAYS,
}: SettleOptions): Promise<PurchaseStatus> {
  let slow = false;
  for (let attempt = 0; ; attempt++) {
    try {
      const status = await confirm();
      if (status !== 'pending') return status;
    } catch {
      // The answer was lost: the payment may well be done; the server will say.
    }
    if (attempt >= delays.length) return 'pending';
    if (!slow) {
      slow = true;
      onSlow?.();
    }
    await sleep(delays[attempt] ?? 0);
  }
}
