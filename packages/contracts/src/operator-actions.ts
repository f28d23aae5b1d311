import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { requestString } from './text';

/**
 * The subscriber page's actions (issue 27): each names the account in its path and, where
 * the trail needs it, says why. Every one writes an audit row in the change's transaction.
 */

/** Why an operator acted: shown in the audit trail. */
export const actionReasonSchema = requestString().trim().min(3).max(500);

/** Path of every action: the subscriber's account. */
export const subscriberActionParamsSchema = z.object({ userId: idParamSchema });
/** Path of a package action. */
export const subscriberPackageParamsSchema = z.object({ userId: idParamSchema, packageId: idParamSchema });
/** Path of a purchase action (a pay-per-view or a subscription). */
export const subscriberPurchaseParamsSchema = z.object({
  userId: idParamSchema,
  purchaseId: requestString().regex(/^pur_[A-Za-z0-9]{8,40}$/),
});
/** Path of a stream action. */
export const subscriberStreamParamsSchema = z.object({
  userId: idParamSchema,
  sessionId: requestString().trim().min(1).max(64),
});

/** POST /operator/subscribers/{userId}/packages: a package granted until `endsAt` (epoch ms, in the future). */
export const grantPackageRequestSchema = z
  .object({
    packageId: idSchema,
    endsAt: z.number().int().positive().max(8_640_000_000_000_000),
    reason: actionReasonSchema,
  })
  .strict();
export type GrantPackageRequest = z.infer<typeof grantPackageRequestSchema>;

/** Body of the actions that only say why (revoke a package, cancel, refund, lock). */
export const actionReasonRequestSchema = z.object({ reason: actionReasonSchema }).strict();
export type ActionReasonRequest = z.infer<typeof actionReasonRequestSchema>;

/** A package as it stands after a grant or a revocation. */
export const packageActionResponseSchema = z.object({
  packageId: z.number().int(),
  source: z.string(),
  startsAt: z.number().int(),
  endsAt: z.number().int().nullable(),
});
export type PackageActionResponse = z.infer<typeof packageActionResponseSchema>;

/** A refund made at the console: the provider's refund and the entitlement that ended. */
export const operatorRefundResponseSchema = z.object({
  purchaseId: z.string(),
  refundId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  refundedCents: z.number().int(),
  /** The package the purchase gave, owned no more. */
  packageId: z.number().int(),
});
export type OperatorRefundResponse = z.infer<typeof operatorRefundResponseSchema>;

/** A subscription after a cancellation: it renews no more and is owned until `endsAt`. */
export const operatorCancelResponseSchema = z.object({
  purchaseId: z.string(),
  status: z.string(),
  endsAt: z.number().int().nullable(),
});
export type OperatorCancelResponse = z.infer<typeof operatorCancelResponseSchema>;

/** Streams closed by an action. */
export const closedStreamsResponseSchema = z.object({ closed: z.number().int() });
export type ClosedStreamsResponse = z.infer<typeof closedStreamsResponseSchema>;

/** The account after a lock or an unlock (`lockedAt` null: open). */
export const accountLockResponseSchema = z.object({ userId: z.number().int(), lockedAt: z.number().int().nullable() });
export type AccountLockResponse = z.infer<typeof accountLockResponseSchema>;

/** A password-reset mail sent to the account's address. */
export const resetMailResponseSchema = z.object({ sentTo: z.string() });
export type ResetMailResponse = z.infer<typeof resetMailResponseSchema>;
