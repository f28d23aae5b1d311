import type { RecordingQuota, RecordingRefusal } from '@pantalla/contracts';

/** What "Grabar" shows for one programme, from its guide mark. */
export type RecordButtonState = 'idle' | 'recorded' | 'scheduled';

export interface ProgrammeMark {
  recorded: boolean;
  scheduled: boolean;
  reminder: boolean;
}

export function recordButtonState(mark: ProgrammeMark | undefined): RecordButtonState {
  if (mark?.recorded) return 'recorded';
  if (mark?.scheduled) return 'scheduled';
  return 'idle';
}

/** Translation key (guide namespace, under `rec.refusal`) of each refusal the server gives. */
export const REFUSAL_KEYS = {
  quota_full: 'rec.refusal.quota_full',
  channel_forbids: 'rec.refusal.channel_forbids',
  external_no_catchup: 'rec.refusal.external_no_catchup',
  outside_catchup: 'rec.refusal.outside_catchup',
  no_rights: 'rec.refusal.no_rights',
} as const satisfies Record<RecordingRefusal, string>;

export function refusalKey(refusal: RecordingRefusal | null): (typeof REFUSAL_KEYS)[RecordingRefusal] | 'rec.failed' {
  return refusal ? REFUSAL_KEYS[refusal] : 'rec.failed';
}

/**
 * True when a programme of this length does not fit in what is left of the account's hours
 * (ready plus scheduled count), so the button says "quota full" before the user tries.
 */
export function quotaFull(quota: RecordingQuota | undefined, durationSeconds: number): boolean {
  if (!quota) return false;
  return quota.usedSeconds + quota.scheduledSeconds + Math.max(0, durationSeconds) > quota.limitSeconds;
}

/** Whole minutes until the start, never below 0 (the notice says "empieza en N min"). */
export function minutesUntil(startTime: number, now: number): number {
  return Math.max(0, Math.ceil((startTime - now) / 60_000));
}

/** Splits ids into batches the marks route accepts (≤ size each), without duplicates, sorted for a stable cache key. */
export function markBatches(eventIds: Iterable<number>, size = 500): number[][] {
  const unique = [...new Set(eventIds)].sort((a, b) => a - b);
  const batches: number[][] = [];
  for (let i = 0; i < unique.length; i += size) batches.push(unique.slice(i, i + size));
  return batches;
}

/** How long before the start a reminder may fire, in minutes; the first is the server's default. */
export const REMINDER_LEADS = [2, 5, 10, 15, 30, 60] as const;
