import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../account';
import { liveLink } from '../../../lib/player-links';
import { getDueReminders, markReminderSeen, recordingKeys } from '../api';
import { minutesUntil } from '../lib/record-state';
import './recordings.css';

/** How often the app asks for due reminders while open (and again when the window regains focus). */
export const REMINDER_POLL_MS = 30_000;

/**
 * While the app is open and someone is signed in: the first due reminder as an in-app notice,
 * "<title> empieza en N min", with "Ver ahora" (to the channel's live player) and close; both
 * mark it seen so it does not come back.
 */
export function ReminderNotice() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const due = useQuery({
    queryKey: recordingKeys.due(),
    queryFn: ({ signal }) => getDueReminders(signal),
    enabled: Boolean(info),
    refetchInterval: REMINDER_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  const reminder = due.data?.items[0];
  const seen = useMutation({
    mutationFn: markReminderSeen,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordingKeys.reminders() }),
  });
  if (!info || !reminder) return null;
  // Polled every 30 s: the answer's time is the clock the minutes count from.
  const minutes = minutesUntil(reminder.startTime, due.dataUpdatedAt);
  const watch = () => {
    seen.mutate(reminder.id);
    void navigate(
      liveLink({
        channelId: reminder.channelId,
        title: reminder.title,
        parental: 0,
        start: reminder.startTime,
        adult: false,
      }),
    );
  };
  return (
    <div className="reminder-notice" role="status" data-testid="reminder-notice">
      <p className="reminder-notice__text">
        {minutes > 0
          ? t('reminderNotice.startsIn', { title: reminder.title, count: minutes })
          : t('reminderNotice.startsNow', { title: reminder.title })}
      </p>
      <button type="button" className="btn btn--primary" onClick={watch} data-testid="reminder-watch">
        {t('reminderNotice.watch')}
      </button>
      <button type="button" className="btn btn--ghost" onClick={() => seen.mutate(reminder.id)}>
        {t('reminderNotice.dismiss')}
      </button>
    </div>
  );
}
