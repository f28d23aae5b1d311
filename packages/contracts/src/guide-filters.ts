import { z } from 'zod';
import { MAX_ID, idParamSchema, idSchema } from './ids';

/**
 * Issue 30: the guide's filters (favourites, a channel group, a programme genre), remembered per
 * profile on the server, and what the guide needs to apply them without every channel's programmes.
 */

/** The filter a profile's guide opens with; null: no filter of that kind. */
export const guideFilterSchema = z
  .object({
    favourites: z.boolean(),
    /** A channel group: the channel genre an M3U's group-title / #EXTGRP or the operator gave. */
    groupId: idSchema.nullable(),
    /** A programme genre (a section of the guide's genres). */
    genreId: idSchema.nullable(),
  })
  .strict();
export type GuideFilter = z.infer<typeof guideFilterSchema>;
export const NO_GUIDE_FILTER: GuideFilter = { favourites: false, groupId: null, genreId: null };

/** Groups a page of GET /guide/groups holds at most: the screen asks for what it can show. */
export const GUIDE_GROUPS_MAX_PAGE = 100;

/** GET /guide/groups?limit=&offset=: the channel groups that have listed channels, the largest first. */
export const guideGroupsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(GUIDE_GROUPS_MAX_PAGE).default(30),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type GuideGroupsQuery = z.infer<typeof guideGroupsQuerySchema>;

export const guideGroupSchema = z.object({
  id: z.number().int().positive().max(MAX_ID),
  name: z.string(),
  /** Listed channels in the group. */
  channels: z.number().int().nonnegative(),
});
export type GuideGroup = z.infer<typeof guideGroupSchema>;
export const guideGroupsResponseSchema = z.object({
  groups: z.array(guideGroupSchema),
  /** Groups in all (the page may hold fewer). */
  total: z.number().int().nonnegative(),
});
export type GuideGroupsResponse = z.infer<typeof guideGroupsResponseSchema>;

/** Longest span GET /guide/genre-channels looks at: the guide's days (a week back, a week ahead). */
export const GUIDE_GENRE_SPAN_MAX_MS = 15 * 24 * 3600_000;

/** GET /guide/genre-channels?genreId=&from=&to=: channels airing a programme of the genre in [from, to). */
export const guideGenreChannelsQuerySchema = z
  .object({
    genreId: idParamSchema,
    from: z.coerce.number().int().min(0).max(8_640_000_000_000),
    to: z.coerce.number().int().min(0).max(8_640_000_000_000),
  })
  .refine((q) => q.to > q.from && q.to - q.from <= GUIDE_GENRE_SPAN_MAX_MS, {
    message: 'El intervalo no es válido.',
    path: ['to'],
  });
export type GuideGenreChannelsQuery = z.infer<typeof guideGenreChannelsQuerySchema>;
export const guideGenreChannelsResponseSchema = z.object({ channelIds: z.array(z.number().int()) });
export type GuideGenreChannels = z.infer<typeof guideGenreChannelsResponseSchema>;
