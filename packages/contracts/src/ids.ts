import { z } from 'zod';

/** Ids are 32-bit integer columns on both engines; anything larger could never name a row. */
export const MAX_ID = 2147483647;

/** An id in a JSON body. */
export const idSchema = z.number().int().positive().max(MAX_ID);
/** An id in a path or query string. */
export const idParamSchema = z.coerce.number().int().positive().max(MAX_ID);
/** A profile id in a JSON body (0 means the first profile). */
export const profileIdSchema = z.number().int().nonnegative().max(MAX_ID);
