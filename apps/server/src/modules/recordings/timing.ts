/** Quota accounting and reminder timing (issue 29): pure, over an injected now. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Seconds a programme takes in the quota: its guide length, whole seconds, never negative. */
export const durationSeconds = (p: { startTime: number; endTime: number }): number =>
  Math.max(0, Math.round((p.endTime - p.startTime) / 1000));

export interface QuotaUse {
  usedSeconds: number;
  scheduledSeconds: number;
  limitSeconds: number;
}

/** Whether one more programme fits: scheduled recordings hold their room, so a full quota is said before recording. */
export const fits = (quota: QuotaUse, seconds: number): boolean =>
  quota.usedSeconds + quota.scheduledSeconds + seconds <= quota.limitSeconds;

/**
 * The account's hours: the most any of its packages grants (RECORDING_PACKAGE_HOURS), else the
 * default. The largest, not the sum: a package sold for recordings should not add to the basic's.
 */
export function quotaHours(
  ownedPackageIds: Iterable<number>,
  perPackage: ReadonlyMap<number, number>,
  fallback: number,
): number {
  let hours = fallback;
  for (const id of ownedPackageIds) hours = Math.max(hours, perPackage.get(id) ?? 0);
  return hours;
}

/** When a reminder fires. */
export const remindAt = (startTime: number, minutesBefore: number): number => startTime - minutesBefore * MINUTE_MS;

/** A reminder is due from its time until its programme ends, unless dismissed. */
export const isDue = (r: { remindAt: number; endTime: number; seen: boolean }, now: number): boolean =>
  !r.seen && r.remindAt <= now && now < r.endTime;

/** When a ready recording goes: retention days after its programme ended; never while protected. */
export const expiresAt = (endTime: number, retentionDays: number, isProtected: boolean): number | null =>
  isProtected ? null : endTime + retentionDays * DAY_MS;

/** The archive media a recording holds: one programme's span of a channel (see docs/decisions.md). */
export const mediaKeyOf = (p: { channelId: number; startTime: number; endTime: number }): string =>
  `${p.channelId}:${p.startTime}:${p.endTime}`;
