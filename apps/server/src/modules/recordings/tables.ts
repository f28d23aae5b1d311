import type { Generated, Selectable } from 'kysely';

/*
 * Recordings tables (issue 29). No foreign keys to the guide or to accounts: a recording outlives
 * its programme in the guide (the archive keeps it), and an account's rows go with its personal data.
 * Flags are 0/1; instants epoch milliseconds.
 */

export interface RecordingTable {
  id: Generated<number>;
  userId: number;
  /** The profile whose it is (issue 30; migration 2026-12-13-0400). */
  profileId: number;
  eventId: number;
  channelId: number;
  title: string;
  subtitle: string;
  episodeNum: string;
  startTime: number;
  endTime: number;
  /** 'scheduled' until the programme ends, then 'ready'. */
  state: 'scheduled' | 'ready';
  protected: number;
  /** Null while scheduled. */
  expiresAt: number | null;
  ruleId: number | null;
  /** The archive media it holds a reference on (recording_media). */
  mediaKey: string;
  createdAt: number;
}
export type RecordingRow = Selectable<RecordingTable>;

export interface RecordingRuleTable {
  id: Generated<number>;
  userId: number;
  /** The profile whose it is (issue 30; migration 2026-12-13-0400). */
  profileId: number;
  kind: 'title' | 'keyword';
  text: string;
  /** `text` folded (accents and case): what matching compares. */
  folded: string;
  channelId: number | null;
  newOnly: number;
  createdAt: number;
}
export type RecordingRuleRow = Selectable<RecordingRuleTable>;

export interface RecordingReminderTable {
  id: Generated<number>;
  userId: number;
  /** The profile whose it is (issue 30; migration 2026-12-13-0400). */
  profileId: number;
  eventId: number;
  channelId: number;
  title: string;
  startTime: number;
  endTime: number;
  minutesBefore: number;
  remindAt: number;
  mail: number;
  /** Dismissed by the app ("Ver ahora" or closed). */
  seen: number;
  /** The mail was sent (at most once). */
  mailed: number;
  /** Pushed to the user's devices (at most once; migration 2026-12-12-0100). */
  pushed: number;
  createdAt: number;
}
export type RecordingReminderRow = Selectable<RecordingReminderTable>;

/** Reference counts of the archive media recordings need: a row exists while some recording holds it. */
export interface RecordingMediaTable {
  mediaKey: string;
  channelId: number;
  startTime: number;
  endTime: number;
  refs: number;
}

/** The operator's recording rights per channel; a channel without a row allows both. */
export interface RecordingChannelRightsTable {
  channelId: number;
  recordable: number;
  skipAhead: number;
  updatedAt: number;
}

/** A device's Web Push subscription (RFC 8030), made by a signed-in profile; one row per endpoint. */
export interface RecordingPushSubscriptionTable {
  id: Generated<number>;
  userId: number;
  profileId: number;
  endpoint: string;
  /** The browser's P-256 key and auth secret (base64url) the payload is encrypted to (RFC 8291). */
  p256dh: string;
  auth: string;
  createdAt: number;
}
export type RecordingPushSubscriptionRow = Selectable<RecordingPushSubscriptionTable>;

export interface RecordingsTables {
  recordings: RecordingTable;
  recordingRules: RecordingRuleTable;
  recordingReminders: RecordingReminderTable;
  recordingMedia: RecordingMediaTable;
  recordingChannelRights: RecordingChannelRightsTable;
  recordingPushSubscriptions: RecordingPushSubscriptionTable;
}
