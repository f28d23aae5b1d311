import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createRecordingRule,
  createReminder,
  deleteReminder,
  listReminders,
  recordingKeys,
  recordingQuotaQueryOptions,
  recordingRefusalOf,
  recordProgramme,
} from '../api';
import { useRecordingMark } from '../hooks';
import { BellIcon } from './bell-icon';
import { quotaFull, recordButtonState, refusalKey, REMINDER_LEADS } from '../lib/record-state';
import './recordings.css';

export interface RecordActionsProps {
  eventId: number;
  channelId: number;
  title: string;
  start: number;
  end: number;
  now: number;
}

/** "Grabar", "Grabar la serie" and the reminder bell of one guide programme (issue 29). */
export function RecordActions({ eventId, channelId, title, start, end, now }: RecordActionsProps) {
  const { t } = useTranslation('guide');
  const queryClient = useQueryClient();
  const mark = useRecordingMark(eventId);
  const quota = useQuery(recordingQuotaQueryOptions());
  const [message, setMessage] = useState<string | null>(null);
  const [seriesOpen, setSeriesOpen] = useState(false);
  const state = recordButtonState(mark);
  const full = state === 'idle' && quotaFull(quota.data, Math.round((end - start) / 1000));
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordingKeys.all });
  const record = useMutation({
    mutationFn: () => recordProgramme(eventId),
    onSuccess: (recording) => {
      setMessage(t(recording.state === 'ready' ? 'rec.recordedNow' : 'rec.scheduledNow'));
      return refresh();
    },
    onError: (error) => setMessage(t(refusalKey(recordingRefusalOf(error)))),
  });
  const [lead, setLead] = useState<number>(REMINDER_LEADS[0]);
  const [mail, setMail] = useState(false);
  const leadId = useId();
  const bell = useMutation({
    mutationFn: async () => {
      if (!mark?.reminder) return createReminder({ eventId, minutesBefore: lead, mail });
      // The reminder's id, from the user's reminders page by page (soonest first: usually the first).
      let cursor: string | undefined;
      do {
        const page = await listReminders({ limit: 100, ...(cursor ? { cursor } : {}) });
        const reminder = page.items.find((item) => item.eventId === eventId);
        if (reminder) {
          await deleteReminder(reminder.id);
          return null;
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return null;
    },
    onSuccess: (reminder) => {
      setMessage(reminder ? t('rec.reminderSet', { minutes: reminder.minutesBefore }) : t('rec.reminderRemoved'));
      return refresh();
    },
    onError: () => setMessage(t('rec.reminderFailed')),
  });
  const label = state === 'recorded' ? t('rec.recorded') : state === 'scheduled' ? t('rec.scheduled') : t('rec.record');
  return (
    <div className="rec-actions" data-testid="rec-actions">
      <button
        type="button"
        className="btn btn--secondary"
        data-testid="rec-record"
        data-state={state}
        disabled={state !== 'idle' || full || record.isPending}
        onClick={() => record.mutate()}
      >
        <span aria-hidden="true">●</span> {label}
      </button>
      <button
        type="button"
        className="btn btn--ghost"
        aria-expanded={seriesOpen}
        data-testid="rec-series-open"
        onClick={() => setSeriesOpen((open) => !open)}
      >
        {t('rec.series')}
      </button>
      {start > now ? (
        <button
          type="button"
          className="btn btn--ghost rec-actions__bell"
          aria-pressed={mark?.reminder ?? false}
          data-testid="rec-bell"
          disabled={bell.isPending}
          onClick={() => bell.mutate()}
        >
          <BellIcon off={mark?.reminder ?? false} /> {mark?.reminder ? t('rec.reminderRemove') : t('rec.reminder')}
        </button>
      ) : null}
      {start > now && !mark?.reminder ? (
        <div className="rec-remind" data-testid="rec-remind">
          <label htmlFor={`${leadId}-lead`}>{t('rec.reminderLead')}</label>
          <select
            id={`${leadId}-lead`}
            data-testid="rec-remind-lead"
            value={lead}
            onChange={(e) => setLead(Number(e.target.value))}
          >
            {REMINDER_LEADS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t('rec.reminderLeadOption', { minutes })}
              </option>
            ))}
          </select>
          <label>
            <input type="checkbox" checked={mail} onChange={(e) => setMail(e.target.checked)} /> {t('rec.reminderMail')}
          </label>
        </div>
      ) : null}
      {full ? <p className="rec-actions__note">{t('rec.refusal.quota_full')}</p> : null}
      <p className="rec-actions__note" role="status" data-testid="rec-message">
        {message}
      </p>
      {seriesOpen ? (
        <SeriesForm
          title={title}
          channelId={channelId}
          onDone={(text) => {
            setSeriesOpen(false);
            setMessage(text);
            void refresh();
          }}
        />
      ) : null}
    </div>
  );
}

/** "Grabar la serie": a title rule on this channel or any, new episodes only or all. */
function SeriesForm({
  title,
  channelId,
  onDone,
}: {
  title: string;
  channelId: number;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('guide');
  const id = useId();
  const [anyChannel, setAnyChannel] = useState(false);
  const [newOnly, setNewOnly] = useState(true);
  const create = useMutation({
    mutationFn: () =>
      createRecordingRule({ kind: 'title', text: title, channelId: anyChannel ? null : channelId, newOnly }),
    onSuccess: () => onDone(t('rec.seriesCreated', { title })),
  });
  return (
    <form
      className="rec-series"
      data-testid="rec-series"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <label htmlFor={`${id}-any`}>
        <input
          id={`${id}-any`}
          type="checkbox"
          checked={anyChannel}
          onChange={(e) => setAnyChannel(e.target.checked)}
        />{' '}
        {t('rec.seriesAnyChannel')}
      </label>
      <label htmlFor={`${id}-new`}>
        <input id={`${id}-new`} type="checkbox" checked={newOnly} onChange={(e) => setNewOnly(e.target.checked)} />{' '}
        {t('rec.seriesNewOnly')}
      </label>
      <button type="submit" className="btn btn--primary" disabled={create.isPending} data-testid="rec-series-save">
        {t('rec.seriesSave')}
      </button>
      {create.isError ? <p className="rec-actions__note">{t('rec.failed')}</p> : null}
    </form>
  );
}
