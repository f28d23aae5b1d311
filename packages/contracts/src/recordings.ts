import { z } from 'zod';
import { RECORDING_REFUSALS } from './errors';
import { idParamSchema, idSchema, MAX_ID } from './ids';
import { openSessionRequestSchema, openSessionResponseSchema } from './playback';
import { requestString } from './text';

/**
 * Recordings from the catch-up archive, series rules and reminders (issue 29). Instants are epoch
 * milliseconds; durations seconds. Every list is a server page: `cursor` is opaque, `nextCursor`
 * null on the last page.
 */

/** Days a recording is kept after its programme ends unless the operator sets RECORDING_RETENTION_DAYS. */
export const RECORDING_RETENTION_DAYS_DEFAULT = 90;
/** Hours of recordings per account when none of its packages says otherwise. */
export const RECORDING_QUOTA_HOURS_DEFAULT = 50;
/** Minutes before the start a reminder fires unless the subscriber chose otherwise. */
export const REMINDER_MINUTES_DEFAULT = 2;
export const REMINDER_MINUTES_MAX = 24 * 60;
export const RECORDING_RULE_TEXT_MAX = 120;

/**
 * Why "Grabar" was refused, in `data.recording` of the 4xx (the button says it):
 * - `quota_full` (409): the programme does not fit in what is left of the account's hours;
 * - `channel_forbids` (403): the operator does not allow recording this channel;
 * - `external_no_catchup` (409): an external M3U stream whose channel has no catch-up template,
 *   so the server has no archive to record from;
 * - `outside_catchup` (409): the programme ended before the channel's catch-up window;
 * - `no_rights` (403): none of the account's packages carries the channel or the event.
 */
export const recordingRefusalSchema = z.enum(RECORDING_REFUSALS);
export type RecordingRefusal = z.infer<typeof recordingRefusalSchema>;

/** `scheduled`: the programme has not ended (or is live); `ready`: playable until `expiresAt`. */
export const recordingStateSchema = z.enum(['scheduled', 'ready']);
export type RecordingState = z.infer<typeof recordingStateSchema>;

export const recordingSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  channelId: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** Season/episode label from the guide, e.g. 'T2 E5'; empty when none. */
  episode: z.string(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  durationSeconds: z.number().int(),
  state: recordingStateSchema,
  /** Protected recordings are never removed by retention nor by a bulk delete. */
  protected: z.boolean(),
  /** When retention removes it; null while scheduled or when protected. */
  expiresAt: z.number().int().nullable(),
  /** The series rule that made it; null for a single "Grabar". */
  ruleId: z.number().int().nullable(),
  /** False when the operator forbids skipping ahead in this channel's recordings. */
  canSkipAhead: z.boolean(),
  createdAt: z.number().int(),
});
export type Recording = z.infer<typeof recordingSchema>;

/** POST /recordings: record a guide programme (ended within catch-up: at once; live or future: when it ends). */
export const recordRequestSchema = z.object({ eventId: idSchema }).strict();
export type RecordRequest = z.infer<typeof recordRequestSchema>;

/** PATCH /recordings/{id}. */
export const recordingUpdateSchema = z.object({ protected: z.boolean() }).strict();
export type RecordingUpdate = z.infer<typeof recordingUpdateSchema>;

export const recordingParamsSchema = z.object({ id: idParamSchema });

/**
 * POST /recordings/{id}/play: opens a stream session on the owner's recording, as POST /sessions
 * does for catch-up (same package, PIN, kids-profile and concurrent-stream rules), without the
 * reference: the recording names what plays. It plays past the channel's catch-up window, for its
 * programme's span only, while the recording exists.
 */
export const recordingPlayRequestSchema = openSessionRequestSchema.omit({ reference: true });
export type RecordingPlayRequest = z.infer<typeof recordingPlayRequestSchema>;

/** 201 answer of POST /recordings/{id}/play: the session, and whether the player may seek past what was watched. */
export const recordingPlayResponseSchema = openSessionResponseSchema.extend({
  /** False when the operator forbids skipping ahead in this channel's recordings: the player keeps seeks behind the furthest point watched. */
  canSkipAhead: z.boolean(),
});
export type RecordingPlayResponse = z.infer<typeof recordingPlayResponseSchema>;

const cursorSchema = requestString()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/)
  .optional();

/** GET /recordings?state=&cursor=&limit=: ready newest-ended first; scheduled soonest-ending first. */
export const recordingsQuerySchema = z.object({
  state: recordingStateSchema.optional(),
  /** Only recordings made by this rule. */
  ruleId: idParamSchema.optional(),
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type RecordingsQuery = z.infer<typeof recordingsQuerySchema>;
export const recordingPageSchema = z.object({ items: z.array(recordingSchema), nextCursor: z.string().nullable() });
export type RecordingPage = z.infer<typeof recordingPageSchema>;

/** GET /recordings/quota: seconds used by ready recordings, held by scheduled ones, and the account's limit. */
export const recordingQuotaSchema = z.object({
  usedSeconds: z.number().int(),
  scheduledSeconds: z.number().int(),
  limitSeconds: z.number().int(),
});
export type RecordingQuota = z.infer<typeof recordingQuotaSchema>;

/** GET /recordings/marks?eventIds=1,2,3: what the guide draws per programme (at most 500 ids). */
export const recordingMarksQuerySchema = z.object({
  eventIds: requestString()
    .regex(/^\d{1,10}(,\d{1,10}){0,499}$/)
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().min(0).max(MAX_ID))),
});
export const recordingMarkSchema = z.object({
  eventId: z.number().int(),
  recorded: z.boolean(),
  scheduled: z.boolean(),
  reminder: z.boolean(),
});
export const recordingMarksSchema = z.object({ items: z.array(recordingMarkSchema) });
export type RecordingMarks = z.infer<typeof recordingMarksSchema>;

// ---------------------------------------------------------------- series rules

/** `title`: the title equals `text` (accents and case ignored); `keyword`: `text` in the title or description. */
export const recordingRuleKindSchema = z.enum(['title', 'keyword']);
export type RecordingRuleKind = z.infer<typeof recordingRuleKindSchema>;

export const recordingRuleSchema = z.object({
  id: z.number().int(),
  kind: recordingRuleKindSchema,
  text: z.string(),
  /** Null: any channel. */
  channelId: z.number().int().nullable(),
  /** Skip programmes the guide marks previously shown, and episodes already recorded for this rule. */
  newOnly: z.boolean(),
  createdAt: z.number().int(),
});
export type RecordingRule = z.infer<typeof recordingRuleSchema>;

export const recordingRuleCreateSchema = z
  .object({
    kind: recordingRuleKindSchema,
    text: requestString().trim().min(2).max(RECORDING_RULE_TEXT_MAX),
    channelId: idSchema.nullable().default(null),
    newOnly: z.boolean().default(false),
  })
  .strict();
export type RecordingRuleCreate = z.infer<typeof recordingRuleCreateSchema>;

export const recordingRulesQuerySchema = z.object({
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const recordingRulePageSchema = z.object({
  items: z.array(recordingRuleSchema),
  nextCursor: z.string().nullable(),
});
export type RecordingRulePage = z.infer<typeof recordingRulePageSchema>;

// ---------------------------------------------------------------- reminders

export const reminderSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  channelId: z.number().int(),
  title: z.string(),
  startTime: z.number().int(),
  minutesBefore: z.number().int(),
  /** startTime − minutesBefore. */
  remindAt: z.number().int(),
  /** Also mailed when due. */
  mail: z.boolean(),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** POST /reminders: a bell on a programme that has not started. */
export const reminderCreateSchema = z
  .object({
    eventId: idSchema,
    minutesBefore: z.number().int().min(0).max(REMINDER_MINUTES_MAX).default(REMINDER_MINUTES_DEFAULT),
    mail: z.boolean().default(false),
  })
  .strict();
export type ReminderCreate = z.infer<typeof reminderCreateSchema>;

export const remindersQuerySchema = z.object({
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const reminderPageSchema = z.object({ items: z.array(reminderSchema), nextCursor: z.string().nullable() });
export type ReminderPage = z.infer<typeof reminderPageSchema>;

/**
 * GET /reminders/due: reminders whose time has come and whose programme has not ended, soonest
 * first (the app polls it and shows "Ver ahora"); POST /reminders/{id}/seen dismisses one.
 */
export const dueRemindersSchema = z.object({ items: z.array(reminderSchema) });
export type DueReminders = z.infer<typeof dueRemindersSchema>;
export const reminderParamsSchema = z.object({ id: idParamSchema });

// ---------------------------------------------------------------- Web Push (RFC 8030, 8291, 8292)

/** GET /push/key: the server's VAPID public key (base64url, 65 bytes), null when push is not offered. */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** A push endpoint: https (http only to this machine, outside production: the server says which). */
export const pushEndpointSchema = z
  .string()
  .max(1000)
  .url()
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    );
  }, 'El servicio de notificaciones debe usar https.');

/**
 * PUT /push/subscription: the browser's PushSubscription.toJSON(). p256dh is an uncompressed
 * P-256 point (65 bytes, 87 base64url characters, first byte 4); auth 16 bytes (22 characters).
 */
export const pushSubscriptionSchema = z
  .object({
    endpoint: pushEndpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, 'p256dh debe ser un punto P-256 en base64url.'),
        auth: z.string().regex(/^[A-Za-z0-9_-]{21}[AQgw]$/, 'auth debe tener 16 bytes en base64url.'),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /push/subscription: this device's endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema }).strict();

/** What a reminder's push carries (the service worker words it and opens the channel). */
export const reminderPushSchema = z.object({
  kind: z.literal('reminder'),
  reminderId: z.number().int(),
  channelId: z.number().int(),
  title: z.string(),
  startTime: z.number().int(),
});
export type ReminderPush = z.infer<typeof reminderPushSchema>;

// ---------------------------------------------------------------- operator

/** GET/PUT /operator/channels/{id}/recording-rights: what subscribers may do with the channel's recordings. */
export const channelRecordingRightsSchema = z
  .object({
    recordable: z.boolean(),
    skipAhead: z.boolean(),
  })
  .strict();
export type ChannelRecordingRights = z.infer<typeof channelRecordingRightsSchema>;
