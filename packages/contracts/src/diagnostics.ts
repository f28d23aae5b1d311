import { z } from 'zod';

/*
 * The operator's manifest test (/_test1234/, viewing spec sections 2, 7, 8): the catch-up
 * events it checks. Only accounts in ADMIN_EMAILS get the list.
 */

/** One catch-up event: the app fetches `${url}.smil/manifest.mpd?VOD` and counts it failed unless an MPD comes back. */
export const manifestTestEventSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  title: z.string(),
  /** ISO instants of the programme. */
  start: z.string(),
  end: z.string(),
  /** The event's manifest URL, without the `.smil/manifest.mpd?VOD` the test appends. */
  url: z.string(),
});
export type ManifestTestEvent = z.infer<typeof manifestTestEventSchema>;
/** 200 answer of GET /api/v1/manifest-test/events: every event in catch-up now, newest first. */
export const manifestTestEventsSchema = z.object({ resources: z.array(manifestTestEventSchema) });
export type ManifestTestEvents = z.infer<typeof manifestTestEventsSchema>;
/** Query of GET /api/v1/manifest-test/events: only events that ended within the last `hours` (default: the whole catch-up window). */
export const manifestTestQuerySchema = z.object({
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 31)
    .optional(),
});

/** The suffix the spec appends to each manifest URL. */
export const MANIFEST_TEST_SUFFIX = '.smil/manifest.mpd?VOD';
