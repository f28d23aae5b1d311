import type { Recording, RecordingState } from '@pantalla/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteRecording,
  deleteRecordingRule,
  deleteReminder,
  listRecordingRules,
  listRecordings,
  listReminders,
  protectRecording,
  recordingKeys,
  recordingQuotaQueryOptions,
} from '../api';
import { currentProfile } from '../../../lib/current-profile';
import { useUserInfo } from '../../account';
import { PushDevice } from './push-device';
import './my-recordings.css';

type Tab = 'ready' | 'scheduled' | 'rules' | 'reminders';
const TABS: readonly Tab[] = ['ready', 'scheduled', 'rules', 'reminders'];
const PAGE = 30;

const hours = (seconds: number): string => (seconds / 3600).toFixed(1);
const when = (ms: number, lng: string): string =>
  new Date(ms).toLocaleString(lng, { dateStyle: 'medium', timeStyle: 'short' });

/** Recordings of one state, newest page last, grouped by series (their title). */
function useRecordingPages(state: RecordingState) {
  return useInfiniteQuery({
    queryKey: recordingKeys.list(state),
    queryFn: ({ pageParam, signal }) =>
      listRecordings({ state, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

function groupBySeries(items: readonly Recording[]): [string, Recording[]][] {
  const groups = new Map<string, Recording[]>();
  for (const item of items) groups.set(item.title, [...(groups.get(item.title) ?? []), item]);
  return [...groups.entries()];
}

function QuotaBar() {
  const { t } = useTranslation('my-recordings');
  const { data } = useQuery(recordingQuotaQueryOptions());
  if (!data) return null;
  const used = data.usedSeconds + data.scheduledSeconds;
  return (
    <div className="myrec-quota" data-testid="recordings-quota">
      <meter min={0} max={data.limitSeconds} value={used} aria-label={t('quota.label')} />
      <span>{t('quota.text', { used: hours(used), limit: hours(data.limitSeconds) })}</span>
    </div>
  );
}

function RecordingItem({ item, onPlay }: { item: Recording; onPlay: (item: Recording) => void }) {
  const { t, i18n } = useTranslation('my-recordings');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: recordingKeys.all });
  const protect = useMutation({ mutationFn: () => protectRecording(item.id, !item.protected), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => deleteRecording(item.id), onSuccess: refresh });
  const label = [item.subtitle, item.episode].filter(Boolean).join(' · ');
  return (
    <li className="myrec-item" data-testid="recording-item" data-recording-id={item.id}>
      {item.state === 'ready' ? (
        <button type="button" className="myrec-play" onClick={() => onPlay(item)}>
          <span className="myrec-title">{label || item.title}</span>
          <span className="myrec-meta">{when(item.startTime, i18n.language)}</span>
        </button>
      ) : (
        <div className="myrec-play">
          <span className="myrec-title">{label || item.title}</span>
          <span className="myrec-meta">{when(item.startTime, i18n.language)}</span>
        </div>
      )}
      {item.state === 'ready' && (
        <label className="myrec-protect">
          <input
            type="checkbox"
            checked={item.protected}
            disabled={protect.isPending}
            onChange={() => protect.mutate()}
          />
          {t('protect')}
        </label>
      )}
      <button
        type="button"
        className="myrec-delete"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(t('deleteConfirm', { title: item.title }))) remove.mutate();
        }}
      >
        {item.state === 'ready' ? t('delete') : t('cancel')}
      </button>
    </li>
  );
}

function RecordingList({ state, onPlay }: { state: RecordingState; onPlay: (item: Recording) => void }) {
  const { t } = useTranslation('my-recordings');
  const pages = useRecordingPages(state);
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  if (pages.isPending) return <p>{t('loading')}</p>;
  if (pages.isError) return <p role="alert">{t('error')}</p>;
  if (items.length === 0) return <p>{t(state === 'ready' ? 'emptyReady' : 'emptyScheduled')}</p>;
  return (
    <>
      {groupBySeries(items).map(([title, group]) => (
        <section key={title} className="myrec-series" aria-label={title}>
          <h3>
            {title} <span className="myrec-count">({group.length})</span>
          </h3>
          <ul>
            {group.map((item) => (
              <RecordingItem key={item.id} item={item} onPlay={onPlay} />
            ))}
          </ul>
        </section>
      ))}
      {pages.hasNextPage && (
        <button type="button" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('more')}
        </button>
      )}
    </>
  );
}

/** One page of a list and where the next one starts (null: the last). */
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A list paged on the server, PAGE items a request, "Ver más" for the next: the rules' and the
 * reminders' tabs. Each item has a delete button; deleting refreshes every recordings query.
 */
export function PagedList<T extends { id: number }>({
  queryKey,
  fetchPage,
  remove,
  empty,
  testId,
  children,
}: {
  queryKey: readonly unknown[];
  fetchPage: (query: { cursor?: string; limit: number }, signal: AbortSignal) => Promise<Page<T>>;
  remove: (id: number) => Promise<void>;
  empty: string;
  testId: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('my-recordings');
  const client = useQueryClient();
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const removing = useMutation({
    mutationFn: remove,
    onSuccess: () => client.invalidateQueries({ queryKey: recordingKeys.all }),
  });
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  if (pages.isPending) return <p>{t('loading')}</p>;
  if (pages.isError) return <p role="alert">{t('error')}</p>;
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <>
      <ul>
        {items.map((item) => (
          <li key={item.id} className="myrec-item" data-testid={testId}>
            {children(item)}
            <button
              type="button"
              className="myrec-delete"
              disabled={removing.isPending && removing.variables === item.id}
              onClick={() => removing.mutate(item.id)}
            >
              {t('delete')}
            </button>
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <button type="button" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('more')}
        </button>
      )}
    </>
  );
}

function RulesList() {
  const { t } = useTranslation('my-recordings');
  return (
    <PagedList
      queryKey={recordingKeys.rules()}
      fetchPage={listRecordingRules}
      remove={deleteRecordingRule}
      empty={t('emptyRules')}
      testId="rule-item"
    >
      {(rule) => (
        <span className="myrec-play">
          <span className="myrec-title">{t(`rule.${rule.kind}`, { text: rule.text })}</span>
          <span className="myrec-meta">
            {[rule.channelId === null ? t('rule.anyChannel') : null, rule.newOnly ? t('rule.newOnly') : null]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
      )}
    </PagedList>
  );
}

function RemindersList() {
  const { t, i18n } = useTranslation('my-recordings');
  return (
    <>
      <PushDevice />
      <PagedList
        queryKey={recordingKeys.reminders()}
        fetchPage={listReminders}
        remove={deleteReminder}
        empty={t('emptyReminders')}
        testId="reminder-item"
      >
        {(reminder) => (
          <span className="myrec-play">
            <span className="myrec-title">{reminder.title}</span>
            <span className="myrec-meta">
              {when(reminder.startTime, i18n.language)} ·{' '}
              {t(reminder.mail ? 'reminder.leadMail' : 'reminder.lead', { minutes: reminder.minutesBefore })}
            </span>
          </span>
        )}
      </PagedList>
    </>
  );
}

/** Mis grabaciones (/recordings/): the profile's recorded, scheduled, series rules and reminders; the account's quota above. */
export function RecordingsScreen({ onPlay }: { onPlay: (item: Recording) => void }) {
  const { t } = useTranslation('my-recordings');
  const [tab, setTab] = useState<Tab>('ready');
  const base = useId();
  // The lists are the current profile's (issue 30); the screen is built anew on a switch.
  const profile = currentProfile.of(useUserInfo()?.email);
  return (
    <main className="myrec">
      <h1>{t('title')}</h1>
      {profile && (
        <p className="myrec-profile" data-testid="recordings-profile">
          {t('profile', { name: profile.name })}
        </p>
      )}
      <QuotaBar />
      <div role="tablist" className="myrec-tabs" aria-label={t('title')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${base}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${base}-panel`}
            onClick={() => setTab(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${tab}`}>
        {tab === 'ready' || tab === 'scheduled' ? (
          <RecordingList state={tab} onPlay={onPlay} />
        ) : tab === 'rules' ? (
          <RulesList />
        ) : (
          <RemindersList />
        )}
      </div>
    </main>
  );
}
