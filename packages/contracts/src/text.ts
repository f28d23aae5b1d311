import { z } from 'zod';

/** The answer to a string holding U+0000, whichever field it came in. */
export const NUL_REFUSED = 'El texto no puede contener el carácter nulo (U+0000).';

/**
 * Whether a string is free of U+0000. PostgreSQL cannot store it in text (it answered 500),
 * and no name, address, token or id needs it, so every string a client sends is checked.
 */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/**
 * The string of every request body, path and query field: z.string() that refuses NUL.
 * Chain .trim(), .min(), .max(), .regex() after it as on z.string(); the check runs first,
 * so a NUL is refused even where a later transform would hide it.
 */
export const requestString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNul, { message: NUL_REFUSED });
