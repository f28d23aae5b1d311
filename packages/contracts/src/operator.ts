import { z } from 'zod';
import { idSchema } from './ids';
import { requestString } from './text';

/**
 * The operator console (issue 27). Roles live in identity: `admin` may do everything,
 * `support` runs subscribers and streams (commerce and channels read-only), `content` runs
 * channels, lineups, guide sources and the catalogue.
 */
export const OPERATOR_ROLES = ['admin', 'support', 'content'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/** How long a typed password counts for sensitive actions (grant a role, refund, delete an account, change a price). */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;

/** Every operator route lives under this prefix (inside /api/v1). */
export const OPERATOR_API_PREFIX = '/operator';

/** GET /operator/me: who is at the console (403 for a subscriber without a role). */
export const operatorMeSchema = z.object({
  userId: idSchema,
  email: z.string(),
  name: z.string(),
  roles: z.array(operatorRoleSchema).min(1),
  /** Until when (epoch ms) sensitive actions need no password; null: they ask for it. */
  reauthUntil: z.number().int().nullable(),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

/** POST /operator/reauth: the operator's own account password, typed again. */
export const reauthRequestSchema = z.object({ password: requestString().min(1).max(1024) }).strict();
export type ReauthRequest = z.infer<typeof reauthRequestSchema>;
export const reauthResponseSchema = z.object({ reauthUntil: z.number().int() });
export type ReauthResponse = z.infer<typeof reauthResponseSchema>;

/** A cursor a list's previous page returned (opaque to the app). */
export const pageCursorSchema = requestString().max(200);
/** Page size of every console list: the server never answers more. */
export const OPERATOR_PAGE_MAX = 200;
export const pageLimitSchema = z.coerce.number().int().min(1).max(OPERATOR_PAGE_MAX).default(50);

/** A page of a console list: `nextCursor` null on the last one. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** One audit row: who did what to which subject, from where, with the values before and after. */
export const auditEntrySchema = z.object({
  id: idSchema,
  at: z.number().int(),
  /** null once the operator's account is deleted (the row stays). */
  actorId: idSchema.nullable(),
  actorEmail: z.string(),
  ip: z.string(),
  /** What was done, `<area>.<verb>`: 'channel.update', 'role.grant', 'purchase.refund'... */
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
