import { z } from 'zod';

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
