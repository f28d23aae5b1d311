import { z } from 'zod';
import { fingerprintColorSchema, fingerprintPositionSchema } from './catalogue';
import { idSchema } from './ids';
import { OPERATOR_PAGE_MAX, pageSchema } from './operator';
import { requestString } from './text';

/**
 * A channel's health as the console shows it, read from the channel's own streams (no stream
 * is asked for; the channel page's stream check does that on demand): `ok` plays from our origin or has an alternate to fall back on,
 * `warning` is an external stream without alternates, `error` has nothing to play.
 */
export const CHANNEL_HEALTHS = ['ok', 'warning', 'error'] as const;
export const channelHealthSchema = z.enum(CHANNEL_HEALTHS);
export type ChannelHealth = z.infer<typeof channelHealthSchema>;

/** Where a channel's stream comes from: our origin (demo clips, packaged sources) or an external URL. */
export const channelStreamSourceSchema = z.enum(['origin', 'external']);

export const OPERATOR_CHANNEL_SORTS = ['number', 'name', 'health', 'package', 'genre', 'updated'] as const;
export const operatorChannelSortSchema = z.enum(OPERATOR_CHANNEL_SORTS);
export type OperatorChannelSort = z.infer<typeof operatorChannelSortSchema>;

const positiveInt = z.coerce.number().int().min(1).max(2_147_483_647);

/** GET /operator/channels: search by name or number, one sort, filters; pages of at most 200. */
export const operatorChannelsQuerySchema = z.object({
  q: requestString().trim().max(100).optional(),
  sort: operatorChannelSortSchema.default('number'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  packageId: positiveInt.optional(),
  /** The channel's genre: its group (M3U group-title) in the app's channel list. */
  genreId: positiveInt.optional(),
  source: channelStreamSourceSchema.optional(),
  health: channelHealthSchema.optional(),
  /** Where the channel's guide comes from: generated (demo) or imported (XMLTV). */
  guide: z.enum(['seed', 'import']).optional(),
  /** Rows to skip, as the previous page's nextCursor said. */
  cursor: requestString()
    .regex(/^\d{1,6}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(OPERATOR_PAGE_MAX).default(100),
});
export type OperatorChannelsQuery = z.input<typeof operatorChannelsQuerySchema>;

/** A channel as the console's table lists it. */
export const operatorChannelRowSchema = z.object({
  id: idSchema,
  number: z.number().int(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  genreId: z.number().int(),
  packageId: z.number().int(),
  source: channelStreamSourceSchema,
  guide: z.enum(['seed', 'import']),
  health: channelHealthSchema,
  enabled: z.boolean(),
  updatedAt: z.number().int(),
});
export type OperatorChannelRow = z.infer<typeof operatorChannelRowSchema>;

/** A page of channels with the count matching the filters (the table sizes its scroll by it). */
export const operatorChannelPageSchema = pageSchema(operatorChannelRowSchema).extend({ total: z.number().int() });
export type OperatorChannelPage = z.infer<typeof operatorChannelPageSchema>;

/** Everything the console edits on a channel, and what it shows beside it. */
export const operatorChannelSchema = operatorChannelRowSchema.extend({
  description: z.string(),
  parental: z.number().int(),
  adult: z.boolean(),
  timeShift: z.boolean(),
  catchupHours: z.number().int(),
  fingerprint: z.object({
    enabled: z.boolean(),
    frequencySeconds: z.number().int(),
    durationSeconds: z.number().int(),
    position: fingerprintPositionSchema,
    fontSize: z.number().int(),
    color: z.string(),
    background: z.string(),
  }),
  streamUrl: z.string().nullable(),
  alternates: z.number().int(),
  /** An imported channel's streams, main first, with the User-Agent and Referer its list asks for (empty: from our origin). */
  streams: z.array(z.object({ url: z.string(), userAgent: z.string().nullable(), referrer: z.string().nullable() })),
  /** The lineups the channel is in. */
  lineupIds: z.array(idSchema),
});
export type OperatorChannel = z.infer<typeof operatorChannelSchema>;

export const operatorChannelParamsSchema = z.object({ channelId: positiveInt });

/** A logo: an https URL, or a path on this server (http images are proxied by the images route). */
export const channelLogoSchema = requestString()
  .trim()
  .max(2000)
  .refine((v) => /^https:\/\/[^\s/]+\S*$/i.test(v) || /^\/(?!\/)\S*$/.test(v), {
    message: 'El logotipo debe ser una dirección https:// o una ruta que empiece por /.',
  });

/** PATCH /operator/channels/{id}: the fields to change (at least one). */
export const operatorChannelPatchSchema = z
  .object({
    name: requestString().trim().min(1).max(200),
    number: z.number().int().min(1).max(99_999),
    /** null: the app draws one. */
    logoUrl: channelLogoSchema.nullable(),
    genreId: idSchema,
    packageId: idSchema,
    /** Parental level 1 (all) to 7 (adult only). */
    parental: z.number().int().min(1).max(7),
    timeShift: z.boolean(),
    catchupHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 30),
    fingerprint: z
      .object({
        enabled: z.boolean(),
        frequencySeconds: z.number().int().min(10).max(86_400),
        durationSeconds: z.number().int().min(1).max(3600),
        position: fingerprintPositionSchema,
        fontSize: z.number().int().min(8).max(96),
        color: fingerprintColorSchema,
        background: fingerprintColorSchema,
      })
      .partial()
      .strict(),
    enabled: z.boolean(),
  })
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'Nada que cambiar.' });
export type OperatorChannelPatch = z.infer<typeof operatorChannelPatchSchema>;

/** A region and its lineups, as the lineup picker shows them. */
export const operatorLineupSchema = z.object({
  id: idSchema,
  name: z.string(),
  regionId: idSchema,
  regionName: z.string(),
  channels: z.number().int(),
});
export type OperatorLineup = z.infer<typeof operatorLineupSchema>;
export const operatorLineupsResponseSchema = z.object({ items: z.array(operatorLineupSchema) });

export const operatorLineupParamsSchema = z.object({ lineupId: positiveInt });
export const operatorLineupChannelsQuerySchema = z.object({
  cursor: requestString()
    .regex(/^\d{1,6}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(OPERATOR_PAGE_MAX).default(100),
});

/** A channel at its place in a lineup (position 0 is the first). */
export const operatorLineupItemSchema = z.object({
  position: z.number().int(),
  channel: operatorChannelRowSchema,
});
export type OperatorLineupItem = z.infer<typeof operatorLineupItemSchema>;
export const operatorLineupPageSchema = pageSchema(operatorLineupItemSchema).extend({ total: z.number().int() });
export type OperatorLineupPage = z.infer<typeof operatorLineupPageSchema>;

/**
 * PUT /operator/lineups/{id}/order: one move, the channel put at `toPosition` (0 first) and
 * the ones between shifted by one. A move is a few bytes and one UPDATE at 10,000 channels,
 * where the whole order would be sent and rewritten for every drag.
 */
export const lineupMoveSchema = z
  .object({ channelId: idSchema, toPosition: z.number().int().min(0).max(1_000_000) })
  .strict();
export type LineupMove = z.infer<typeof lineupMoveSchema>;
export const lineupMoveResponseSchema = z.object({
  channelId: idSchema,
  fromPosition: z.number().int(),
  toPosition: z.number().int(),
});
export type LineupMoveResult = z.infer<typeof lineupMoveResponseSchema>;

/**
 * POST /operator/channels/{channelId}/stream-check: one stream of the channel as the server
 * asked for it, with the list's User-Agent and Referer; `ok` when it answered 2xx.
 */
export const streamCheckSchema = z.object({
  url: z.string(),
  userAgent: z.string().nullable(),
  referrer: z.string().nullable(),
  ok: z.boolean(),
  /** The HTTP status after redirects; null when it did not answer or may not be asked. */
  status: z.number().int().nullable(),
  /** Why it would not play, for the operator; null when ok. */
  message: z.string().nullable(),
});
export type StreamCheck = z.infer<typeof streamCheckSchema>;
export const streamCheckListSchema = z.object({ items: z.array(streamCheckSchema) });
export type StreamCheckList = z.infer<typeof streamCheckListSchema>;
