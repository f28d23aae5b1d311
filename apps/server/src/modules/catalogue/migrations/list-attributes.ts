import type { Kysely } from 'kysely';

/**
 * Issue 31, item 4: a guide's last programme without a stop (nor a length) ends after a
 * default length; its end is not known (1), and the guide may say so.
 */
export async function eventsEndUnknownUp(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('end_unknown', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/**
 * Issue 31, item 3: what a channel list says of a channel is kept: radio entries are audio
 * channels (kind 'radio', not listed among the TV channels), tvg-shift moves the channel's
 * guide times, and the User-Agent and Referer its stream asks for are kept with the stream.
 */
export async function channelListAttributesUp(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('channels')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo('tv'))
    .execute();
  await s
    .alterTable('channels')
    .addColumn('guide_shift_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.alterTable('channels').addColumn('stream_user_agent', 'text').execute();
  await s.alterTable('channels').addColumn('stream_referrer', 'text').execute();
}
