import { z } from 'zod';
import { idSchema } from './ids';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './operator';

/** How often the console's Now view asks again (polling; docs/decisions.md says why not SSE). */
export const OPERATOR_NOW_POLL_MS = 3_000;
/** How old the server's shared count may be: every viewer reads it, it is counted at most this often. */
export const OPERATOR_NOW_MAX_AGE_MS = 1_000;

/** GET /operator/streams/now's query: a page of channels, heaviest first. */
export const operatorNowQuerySchema = z
  .object({ limit: pageLimitSchema, cursor: pageCursorSchema.optional() })
  .strict();
export type OperatorNowQuery = z.infer<typeof operatorNowQuerySchema>;

/** A channel with live streams open on it now. */
export const operatorNowChannelSchema = z.object({
  channelId: idSchema,
  /** null when the channel was deleted while streams stayed open on it. */
  name: z.string().nullable(),
  number: z.number().int().nullable(),
  openStreams: z.number().int().nonnegative(),
});
export type OperatorNowChannel = z.infer<typeof operatorNowChannelSchema>;

/** Open streams by what they play: live channels, catch-up programmes, films, episodes. */
export const operatorNowKindsSchema = z.object({
  live: z.number().int().nonnegative(),
  catchup: z.number().int().nonnegative(),
  film: z.number().int().nonnegative(),
  episode: z.number().int().nonnegative(),
});
export type OperatorNowKinds = z.infer<typeof operatorNowKindsSchema>;

/** One page of the Now view: the totals and channels by open live streams, heaviest first. */
export const operatorNowSchema = pageSchema(operatorNowChannelSchema).extend({
  /** When the streams were counted (epoch ms). */
  countedAt: z.number().int(),
  /** Every open stream, whatever it plays. */
  totalStreams: z.number().int().nonnegative(),
  byKind: operatorNowKindsSchema,
  /** Channels with at least one open live stream. */
  channelsWatched: z.number().int().nonnegative(),
});
export type OperatorNow = z.infer<typeof operatorNowSchema>;
