import { z } from 'zod';
import { MAX_ID, idParamSchema, idSchema } from './ids';
import { requestString } from './text';

/**
 * Issue 30: favourite channels and "Mi lista", kept per profile (the profile header names it).
 * Instants are epoch milliseconds.
 */

/** Favourite channels a profile may keep: the guide's filter asks for all of them at once. */
export const FAVOURITE_CHANNELS_MAX = 1000;
/** Items "Mi lista" may hold per profile. */
export const MY_LIST_MAX = 2000;

/** GET /favourites/channels: the profile's favourite channels, in its order. */
export const favouriteChannelsSchema = z.object({ channelIds: z.array(z.number().int()) });
export type FavouriteChannels = z.infer<typeof favouriteChannelsSchema>;

/** PUT /favourites/channels: the whole list in a new order (or a new set): at most FAVOURITE_CHANNELS_MAX, no repeats. */
export const favouriteChannelsUpdateSchema = z.object({
  channelIds: z
    .array(idSchema)
    .max(FAVOURITE_CHANNELS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Hay canales repetidos.' }),
});

export const favouriteChannelParamsSchema = z.object({ channelId: idParamSchema });

/** What "Mi lista" holds: films, series and guide programmes. */
export const MY_LIST_KINDS = ['film', 'series', 'programme'] as const;
export const myListKindSchema = z.enum(MY_LIST_KINDS);
export type MyListKind = z.infer<typeof myListKindSchema>;

export const myListItemParamsSchema = z.object({ kind: myListKindSchema, id: idParamSchema });

/** An item of "Mi lista"; the title is kept from when it was added (a programme leaves the guide). */
export const myListItemSchema = z.object({
  kind: myListKindSchema,
  id: z.number().int().positive().max(MAX_ID),
  title: z.string(),
  addedAt: z.number().int(),
});
export type MyListItem = z.infer<typeof myListItemSchema>;

/** GET /my-list?kind=&cursor=&limit=: newest first; `cursor` opaque, `nextCursor` null on the last page. */
export const myListQuerySchema = z.object({
  kind: myListKindSchema.optional(),
  cursor: requestString()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type MyListQuery = z.infer<typeof myListQuerySchema>;
export const myListPageSchema = z.object({ items: z.array(myListItemSchema), nextCursor: z.string().nullable() });
export type MyListPage = z.infer<typeof myListPageSchema>;

/** GET /my-list/{kind}/{id}: whether the item is in the profile's list (the detail page's button). */
export const myListMembershipSchema = z.object({ inList: z.boolean() });

export const FAVOURITE_CHANNEL_NOT_FOUND = 'No existe ese canal.';
export const MY_LIST_ITEM_NOT_FOUND = 'No existe ese título o programa.';
export const FAVOURITE_CHANNELS_FULL = `Ya tienes ${FAVOURITE_CHANNELS_MAX} canales favoritos, el máximo.`;
export const MY_LIST_FULL = `Tu lista ya tiene ${MY_LIST_MAX} títulos, el máximo. Quita alguno para añadir otro.`;
export const MY_LIST_NOT_FOR_KIDS = 'Este título no está disponible en un perfil infantil.';
