import { z } from 'zod';
import { ingestReportSchema } from './catalogue';
import { idSchema } from './ids';
import { guideShiftMinutesSchema, ingestSourceKindSchema, newIngestSourceSchema } from './ingest';
import { pageSchema } from './operator';
import { requestString } from './text';

/** Fetches kept per source in the console's history: older ones are trimmed. */
export const SOURCE_FETCH_HISTORY = 30;

/** What started a fetch: the schedule, an operator's "fetch now", or an uploaded file. */
export const sourceFetchTriggerSchema = z.enum(['schedule', 'operator', 'upload']);
/** How a fetch ended ('running' while it runs). */
export const sourceFetchOutcomeSchema = z.enum(['running', 'imported', 'not-modified', 'failed']);

/** One warning of an import, with the line of the file it was found on (null when the warning names none). */
export const sourceWarningSchema = z.object({ line: z.number().int().nullable(), message: z.string() });
export type SourceWarning = z.infer<typeof sourceWarningSchema>;

/** One fetch (or upload) of a source: the HTTP answer, its size and time, what it imported, its warnings. */
export const sourceFetchSchema = z.object({
  id: idSchema,
  sourceId: idSchema,
  trigger: sourceFetchTriggerSchema,
  /** Epoch ms. */
  startedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  outcome: sourceFetchOutcomeSchema,
  /** The source's HTTP status (304 unchanged); null for an upload or when it could not be reached. */
  httpStatus: z.number().int().nullable(),
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
  /** Bytes received as sent (compressed when the source compressed them). */
  bytes: z.number().int(),
  durationMs: z.number().int().nullable(),
  /** What the import changed; null unless imported. */
  report: ingestReportSchema.omit({ warnings: true }).nullable(),
  /** The import's warnings (the first 1,000), each with its line. */
  warnings: z.array(sourceWarningSchema),
  error: z.string().nullable(),
});
export type SourceFetch = z.infer<typeof sourceFetchSchema>;

/** A guide (XMLTV) or channel-list (M3U) source as the console lists it. */
export const operatorSourceSchema = z.object({
  id: idSchema,
  kind: ingestSourceKindSchema,
  url: z.string(),
  intervalMinutes: z.number().int(),
  /** Minutes a guide source's programmes are moved at import (0: none). */
  guideShiftMinutes: z.number().int(),
  /** Epoch ms of the next scheduled fetch. */
  nextRunAt: z.number().int(),
  lastFetch: sourceFetchSchema.nullable(),
  /** Guide ids of the last import that matched no channel and have no mapping yet. */
  unmatched: z.number().int(),
});
export type OperatorSource = z.infer<typeof operatorSourceSchema>;
export const operatorSourcePageSchema = pageSchema(operatorSourceSchema);

export const operatorSourceParamsSchema = z.object({ sourceId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const newOperatorSourceSchema = newIngestSourceSchema;
/** PATCH /operator/sources/{sourceId}: the fields to change. */
export const operatorSourceChangeSchema = z
  .object({
    kind: ingestSourceKindSchema,
    url: newIngestSourceSchema.shape.url,
    intervalMinutes: z.number().int().min(5).max(10_080),
    guideShiftMinutes: guideShiftMinutesSchema,
  })
  .partial()
  .strict();
export type OperatorSourceChange = z.infer<typeof operatorSourceChangeSchema>;

export const sourceFetchListSchema = z.object({ items: z.array(sourceFetchSchema) });

/** A guide id of the last import that no channel carries, with how many of its programmes wait staged. */
export const unmatchedGuideIdSchema = z.object({
  guideId: z.string(),
  programmes: z.number().int(),
  firstLine: z.number().int().nullable(),
});
export type UnmatchedGuideId = z.infer<typeof unmatchedGuideIdSchema>;
export const unmatchedGuideIdPageSchema = pageSchema(unmatchedGuideIdSchema);

/** A guide id as the guide file writes it. */
export const guideIdSchema = requestString().trim().min(1).max(200);

/** POST /operator/guide-mappings: map a guide id to a channel, create a channel for it, or ignore it. */
export const guideMappingRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('map'), guideId: guideIdSchema, channelId: idSchema }).strict(),
  z
    .object({ action: z.literal('create'), guideId: guideIdSchema, name: requestString().trim().min(1).max(120) })
    .strict(),
  z.object({ action: z.literal('ignore'), guideId: guideIdSchema }).strict(),
]);
export type GuideMappingRequest = z.infer<typeof guideMappingRequestSchema>;

/** A saved mapping and what applying it now did. */
export const guideMappingSchema = z.object({
  guideId: z.string(),
  action: z.enum(['map', 'ignore']),
  channelId: idSchema.nullable(),
  /** Staged programmes written onto the channel just now. */
  programmesAttached: z.number().int(),
});
export type GuideMapping = z.infer<typeof guideMappingSchema>;

/** GET /operator/sources/channel-options: channels for the mapping picker, by name or number. */
export const channelOptionsQuerySchema = z.object({
  q: requestString().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const channelOptionSchema = z.object({
  id: idSchema,
  number: z.number().int(),
  name: z.string(),
  tvgId: z.string().nullable(),
});
export type ChannelOption = z.infer<typeof channelOptionSchema>;
export const channelOptionListSchema = z.object({ items: z.array(channelOptionSchema) });
