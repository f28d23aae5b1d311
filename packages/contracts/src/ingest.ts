import { z } from 'zod';
import { requestString } from './text';
import { ingestReportSchema } from './catalogue';

/**
 * What an import did with a piece of a file it could not take as written:
 * - skipped: that programme, channel or entry was left out, the rest was imported;
 * - corrected: it was imported after a documented correction (a stop, a name, a character);
 * - ignored: a detail was dropped, the item itself was imported.
 */
export const ingestProblemActionSchema = z.enum(['skipped', 'corrected', 'ignored']);
export type IngestProblemAction = z.infer<typeof ingestProblemActionSchema>;

/** Every kind of problem the guide and channel-list parsers report. */
export const ingestProblemCodeSchema = z.enum([
  // The file as a whole.
  'encoding-fallback',
  'invalid-bytes',
  'truncated',
  'outside-root',
  // XMLTV markup inside one element.
  'malformed-xml',
  'xml-corrected',
  'too-large',
  // XMLTV channels.
  'channel-missing-id',
  'channel-duplicate',
  'channel-missing-name',
  // XMLTV programmes.
  'programme-missing-channel',
  'programme-missing-start',
  'programme-bad-start',
  'programme-bad-stop',
  'programme-stop-not-after-start',
  'programme-missing-title',
  'programme-no-end',
  'programme-same-start',
  'programme-overlap',
  'programme-out-of-order',
  'programme-bad-length',
  'unknown-timezone',
  // M3U lists.
  'missing-header',
  'extinf-without-url',
  'url-without-extinf',
  'unclosed-quote',
  'missing-name',
  'bad-url',
  'unsupported-protocol',
  'bad-attribute',
  'unknown-catchup-mode',
  'too-many-streams',
  'nul-character',
]);
export type IngestProblemCode = z.infer<typeof ingestProblemCodeSchema>;

/** One problem of an imported file, with the line it was found on (1-based). */
export const ingestProblemSchema = z.object({
  line: z.number().int().min(1),
  code: ingestProblemCodeSchema,
  action: ingestProblemActionSchema,
  /** For people, in Spanish, without the line (the report adds it). */
  message: z.string(),
});
export type IngestProblem = z.infer<typeof ingestProblemSchema>;

/** What a scheduled source fetches: an XMLTV guide or an M3U channel list. */
export const ingestSourceKindSchema = z.enum(['xmltv', 'm3u']);

/**
 * A guide source's time shift in whole minutes, at most a day either way: a guide written on
 * another clock (a zone it does not state, a feed an hour off) is moved by it at import.
 */
export const guideShiftMinutesSchema = z
  .number()
  .int('El desplazamiento debe ser un número entero de minutos.')
  .min(-1440, 'El desplazamiento no puede pasar de 24 horas.')
  .max(1440, 'El desplazamiento no puede pasar de 24 horas.');

/** POST /api/v1/admin/ingest/sources: a guide or channel-list URL the server fetches on a schedule. */
export const newIngestSourceSchema = z.object({
  kind: ingestSourceKindSchema,
  url: requestString()
    .trim()
    .max(2000)
    .refine((u) => /^https?:\/\/[^\s]+$/i.test(u) && URL.canParse(u), {
      message: 'La dirección debe empezar por http:// o https://.',
    }),
  /** Minutes between fetches (5 minutes to 7 days); 6 hours when not given. */
  intervalMinutes: z.number().int().min(5).max(10_080).default(360),
  /** Minutes a guide's programme times are moved at import (−24 h to +24 h); 0 when not given. */
  guideShiftMinutes: guideShiftMinutesSchema.default(0),
});
export type NewIngestSource = z.infer<typeof newIngestSourceSchema>;

/** How one fetch of a source ended. */
export const ingestRunOutcomeSchema = z.enum(['imported', 'not-modified', 'failed']);

/** One fetch of a scheduled source: when, what it imported or why it failed. */
export const ingestRunSchema = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  outcome: ingestRunOutcomeSchema,
  /** The HTTP status the source answered (304 when unchanged), null when it could not be reached. */
  httpStatus: z.number().int().nullable(),
  /** What the import changed, with its warnings; null unless imported. */
  report: ingestReportSchema.nullable(),
  /** Why it failed, for the operator; null otherwise. */
  error: z.string().nullable(),
});

/** A scheduled source with its last run. */
export const ingestSourceSchema = z.object({
  id: z.number().int(),
  kind: ingestSourceKindSchema,
  url: z.string(),
  intervalMinutes: z.number().int(),
  guideShiftMinutes: z.number().int(),
  nextRunAt: z.string(),
  lastRun: ingestRunSchema.nullable(),
});
export type IngestSource = z.infer<typeof ingestSourceSchema>;
export type IngestRun = z.infer<typeof ingestRunSchema>;
export const ingestSourceListSchema = z.object({ sources: z.array(ingestSourceSchema) });
export const ingestRunListSchema = z.object({ runs: z.array(ingestRunSchema) });
export const ingestSourceParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** How a catch-up URL is made from an imported channel's live URL (pvr.iptvsimple's modes). */
export type CatchupMode = 'default' | 'append' | 'shift' | 'flussonic' | 'flussonic-ts' | 'xc' | 'vod';

// Without a prototype: "constructor" or "__proto__" in a list is no mode.
const CATCHUP_MODES: Readonly<Record<string, CatchupMode>> = Object.assign(
  Object.create(null) as Record<string, CatchupMode>,
  {
    default: 'default',
    append: 'append',
    shift: 'shift',
    // The old SIPTV tag, which pvr.iptvsimple treats as shift.
    timeshift: 'shift',
    flussonic: 'flussonic',
    'flussonic-hls': 'flussonic',
    'flussonic-ts': 'flussonic-ts',
    fs: 'flussonic-ts',
    xc: 'xc',
    vod: 'vod',
  } satisfies Record<string, CatchupMode>,
);

/** catchup="..." as a mode; null when the list names one no player knows. */
export function catchupModeOf(value: string): CatchupMode | null {
  return CATCHUP_MODES[value.trim().toLowerCase()] ?? null;
}
