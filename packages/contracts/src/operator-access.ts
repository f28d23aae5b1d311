import { z } from 'zod';
import { emailSchema } from './identity';
import { idParamSchema, idSchema } from './ids';
import { auditEntrySchema, operatorRoleSchema, pageCursorSchema, pageLimitSchema, pageSchema } from './operator';
import { requestString } from './text';

/** One operator as the roles screen lists them: the account and every role it holds. */
export const operatorEntrySchema = z.object({
  userId: idSchema,
  email: z.string(),
  name: z.string(),
  roles: z.array(operatorRoleSchema),
  /** Admin through ADMIN_EMAILS: configuration, not a row the console can revoke. */
  configAdmin: z.boolean(),
});
export type OperatorEntry = z.infer<typeof operatorEntrySchema>;

/** GET /operator/roles: operators ordered by e-mail, a page at a time. */
export const operatorListQuerySchema = z
  .object({ cursor: pageCursorSchema.optional(), limit: pageLimitSchema })
  .strict();
export type OperatorListQuery = z.infer<typeof operatorListQuerySchema>;
export const operatorPageSchema = pageSchema(operatorEntrySchema);
export type OperatorPage = z.infer<typeof operatorPageSchema>;

/** POST /operator/roles: give the account with this e-mail a role (sensitive). */
export const grantRoleRequestSchema = z.object({ email: emailSchema, role: operatorRoleSchema }).strict();
export type GrantRoleRequest = z.infer<typeof grantRoleRequestSchema>;

/** DELETE /operator/roles/{userId}/{role}: take the role away (sensitive). */
export const revokeRoleParamsSchema = z.object({ userId: idParamSchema, role: operatorRoleSchema }).strict();
export type RevokeRoleParams = z.infer<typeof revokeRoleParamsSchema>;

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

/** GET /operator/audit: exact filters (each served by an index), newest first, cursor paging. */
export const auditQuerySchema = z
  .object({
    actor: requestString().trim().toLowerCase().max(254).optional(),
    action: requestString().trim().max(60).optional(),
    subjectType: requestString().trim().max(40).optional(),
    subjectId: requestString().trim().max(100).optional(),
    /** Epoch ms, inclusive. */
    from: epochMs.optional(),
    /** Epoch ms, exclusive. */
    to: epochMs.optional(),
    cursor: pageCursorSchema.optional(),
    limit: pageLimitSchema,
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
