import { lazy, Suspense } from 'react';
import { loadTables } from '../../../../lib/i18n';
import { useUserInfo } from '../../stores/session';

const Reminder = lazy(() =>
  Promise.all([import('./confirmation-reminder'), loadTables(['registration'])]).then(([m]) => ({
    default: m.ConfirmationReminder,
  })),
);

/** The reminder's place above signed-in screens; its code loads only for an unconfirmed account. */
export function ConfirmationReminderSlot() {
  const info = useUserInfo();
  if (!info || info.emailConfirmed !== false) return null;
  return (
    <Suspense fallback={null}>
      <Reminder />
    </Suspense>
  );
}
