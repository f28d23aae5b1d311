import { z } from 'zod';
import { requestString } from './text';

/** Airings a guide search answers, in all (its pages cut this list). */
export const GUIDE_SEARCH_MAX_HITS = 200;
export const GUIDE_SEARCH_PAGE = 20;
/** Letters a guide search needs before it searches. */
export const GUIDE_SEARCH_MIN_LENGTH = 3;

export const guideSearchQuerySchema = z.object({
  q: requestString().trim().min(GUIDE_SEARCH_MIN_LENGTH).max(100),
  /** Where the previous page ended (its nextCursor). */
  cursor: z.coerce.number().int().min(0).max(GUIDE_SEARCH_MAX_HITS).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(GUIDE_SEARCH_PAGE),
});
export type GuideSearchQuery = z.infer<typeof guideSearchQuerySchema>;

/** On air now, later in the guide, or ended and still in its channel's catch-up. */
export const guideSearchWhenSchema = z.enum(['now', 'later', 'catchup']);
export type GuideSearchWhen = z.infer<typeof guideSearchWhenSchema>;

export const guideSearchHitSchema = z.object({
  eventId: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string(),
  channelNumber: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** Epoch milliseconds. */
  startTime: z.number().int(),
  endTime: z.number().int(),
  when: guideSearchWhenSchema,
});
export type GuideSearchHit = z.infer<typeof guideSearchHitSchema>;

/** Now first, then later by start, then catch-up newest first. */
export const guideSearchResponseSchema = z.object({
  hits: z.array(guideSearchHitSchema),
  nextCursor: z.number().int().nullable(),
});
export type GuideSearchResponse = z.infer<typeof guideSearchResponseSchema>;
