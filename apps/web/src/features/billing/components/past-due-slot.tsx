import { lazy, Suspense, useState } from 'react';
import { loadTables } from '../../../lib/i18n';
import { useBillingAlert } from '../api/alert';

const Banner = lazy(() =>
  Promise.all([import('./past-due-banner'), loadTables(['billing'])]).then(([m]) => ({ default: m.PastDueBanner })),
);

const DISMISSED_KEY = 'pantalla.billing.dismissed';

/** This tab's dismissal of one grace period (purchase and deadline): a new failure shows again. */
function dismissedNow(key: string): boolean {
  try {
    return globalThis.sessionStorage?.getItem(DISMISSED_KEY) === key;
  } catch {
    return false;
  }
}

/**
 * The past-due banner's place above signed-in screens: the alert is read once per page load
 * (a new card invalidates it); the banner's code and texts load only when a renewal failed.
 */
export function PastDueSlot() {
  const alert = useBillingAlert();
  const pastDue = alert.data?.pastDue ?? null;
  const key = pastDue ? `${pastDue.purchaseId}:${pastDue.graceUntil}` : '';
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!pastDue || dismissed === key || dismissedNow(key)) return null;
  const dismiss = () => {
    try {
      globalThis.sessionStorage?.setItem(DISMISSED_KEY, key);
    } catch {
      // Not remembered across reloads; dismissed on this page still.
    }
    setDismissed(key);
  };
  return (
    <Suspense fallback={null}>
      <Banner title={pastDue.title} graceUntil={pastDue.graceUntil} onDismiss={dismiss} />
    </Suspense>
  );
}
