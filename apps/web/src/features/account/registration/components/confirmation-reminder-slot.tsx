import { lazy, Suspense } from 'react';
import { useUserInfo } from '../../stores/session';

const Reminder = lazy(() => import('./confirmation-reminder').then((m) => ({ default: m.ConfirmationReminder })));

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
