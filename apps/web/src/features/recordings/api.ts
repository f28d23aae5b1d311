import { queryOptions } from '@tanstack/react-query';
import {
  dueRemindersSchema,
  pushKeySchema,
  recordingMarksSchema,
  recordingPageSchema,
  recordingQuotaSchema,
  recordingRefusalSchema,
  recordingRulePageSchema,
  recordingRuleSchema,
  recordingSchema,
  reminderPageSchema,
  reminderSchema,
  type DueReminders,
  type PushKey,
  type PushSubscriptionBody,
  type Recording,
  type RecordingMarks,
  type RecordingPage,
  type RecordingQuota,
  type RecordingRefusal,
  type RecordingRule,
  type RecordingRuleCreate,
  type RecordingRulePage,
  type RecordingState,
  type Reminder,
  type ReminderPage,
} from '@pantalla/contracts';
import { ApiError, api } from '../../lib/api-client';
import { currentProfile } from '../../lib/current-profile';

/** Typed client of the recordings, series rules and reminders routes (issue 29). */

/**
 * The profile a key is made for (issue 30): recordings, rules, reminders and marks are each
 * profile's own, so an answer for one profile is never read as another's, even one that lands
 * after a switch. Read as the key is made: the screens are built anew on a switch (ProfileScope).
 */
const profilePart = (): number => currentProfile.get()?.id ?? 0;

/** Query keys: every recordings query lives under ['recordings']; invalidate that after a change. */
export const recordingKeys = {
  all: ['recordings'] as const,
  list: (state?: RecordingState, ruleId?: number) =>
    ['recordings', profilePart(), 'list', state ?? 'all', ruleId ?? null] as const,
  one: (id: number) => ['recordings', profilePart(), 'one', id] as const,
  /** The account's space, every profile's recordings counted: the same whichever profile asks. */
  quota: () => ['recordings', 'quota'] as const,
  marks: (eventIds: readonly number[]) => ['recordings', profilePart(), 'marks', eventIds.join(',')] as const,
  rules: () => ['recordings', profilePart(), 'rules'] as const,
  reminders: () => ['recordings', profilePart(), 'reminders'] as const,
  due: () => ['recordings', profilePart(), 'reminders', 'due'] as const,
};

/** GET /recordings/marks accepts at most this many ids per request. */
export const MARKS_BATCH = 500;

// ---------------------------------------------------------------- recordings

/** POST /recordings: 201 a new recording, 200 the one that already existed. */
export function recordProgramme(eventId: number): Promise<Recording> {
  return api.post('/recordings', { eventId }, { schema: recordingSchema });
}

export function listRecordings(
  query: { state?: RecordingState; ruleId?: number; cursor?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<RecordingPage> {
  return api.get('/recordings', { schema: recordingPageSchema, query, signal });
}

export function getRecording(id: number, signal?: AbortSignal): Promise<Recording> {
  return api.get(`/recordings/${id}`, { schema: recordingSchema, signal });
}

export function protectRecording(id: number, isProtected: boolean): Promise<Recording> {
  return api.request(`/recordings/${id}`, {
    method: 'PATCH',
    body: { protected: isProtected },
    schema: recordingSchema,
  });
}

/** DELETE /recordings/{id}: removes a recording or cancels a scheduled one. */
export function deleteRecording(id: number): Promise<void> {
  return api.request(`/recordings/${id}`, { method: 'DELETE' });
}

export function getRecordingQuota(signal?: AbortSignal): Promise<RecordingQuota> {
  return api.get('/recordings/quota', { schema: recordingQuotaSchema, signal });
}

/** GET /recordings/marks for at most MARKS_BATCH ids (the caller splits larger sets). */
export function getRecordingMarks(eventIds: readonly number[], signal?: AbortSignal): Promise<RecordingMarks> {
  if (eventIds.length === 0) return Promise.resolve({ items: [] });
  return api.get('/recordings/marks', {
    schema: recordingMarksSchema,
    query: { eventIds: eventIds.join(',') },
    signal,
  });
}

export const recordingQuotaQueryOptions = () =>
  queryOptions({
    queryKey: recordingKeys.quota(),
    queryFn: ({ signal }) => getRecordingQuota(signal),
    staleTime: 30_000,
  });

// ---------------------------------------------------------------- series rules

export function createRecordingRule(rule: RecordingRuleCreate): Promise<RecordingRule> {
  return api.post('/recordings/rules', rule, { schema: recordingRuleSchema });
}

export function listRecordingRules(
  query: { cursor?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<RecordingRulePage> {
  return api.get('/recordings/rules', { schema: recordingRulePageSchema, query, signal });
}

export function deleteRecordingRule(id: number): Promise<void> {
  return api.request(`/recordings/rules/${id}`, { method: 'DELETE' });
}

// ---------------------------------------------------------------- reminders

export function createReminder(body: { eventId: number; minutesBefore?: number; mail?: boolean }): Promise<Reminder> {
  return api.post('/reminders', body, { schema: reminderSchema });
}

export function listReminders(
  query: { cursor?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<ReminderPage> {
  return api.get('/reminders', { schema: reminderPageSchema, query, signal });
}

export function getDueReminders(signal?: AbortSignal): Promise<DueReminders> {
  return api.get('/reminders/due', { schema: dueRemindersSchema, signal });
}

export function markReminderSeen(id: number): Promise<void> {
  return api.request(`/reminders/${id}/seen`, { method: 'POST' });
}

export function deleteReminder(id: number): Promise<void> {
  return api.request(`/reminders/${id}`, { method: 'DELETE' });
}

// ---------------------------------------------------------------- Web Push

/** The server's VAPID key; null when it does not send push notifications. */
export function getPushKey(signal?: AbortSignal): Promise<PushKey> {
  return api.get('/push/key', { schema: pushKeySchema, signal });
}

export function savePushSubscription(body: PushSubscriptionBody): Promise<void> {
  return api.request('/push/subscription', { method: 'PUT', body });
}

export function deletePushSubscription(endpoint: string): Promise<void> {
  return api.request('/push/subscription', { method: 'DELETE', body: { endpoint } });
}

// ---------------------------------------------------------------- errors

/** The refusal code of a failed "Grabar" (data.recording of the 4xx), or null for any other failure. */
export function recordingRefusalOf(error: unknown): RecordingRefusal | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as { recording?: unknown } | null | undefined;
  const parsed = recordingRefusalSchema.safeParse(data?.recording);
  return parsed.success ? parsed.data : null;
}
