import { z } from 'zod';

/**
 * GET /api/v1/billing/alert: what the app's banner says (a renewal failed and the grace period
 * runs). Its own file: every signed-in screen reads it, and the rest of billing's schemas
 * (with commerce's) stay out of the home's first chunks.
 */
export const billingAlertSchema = z.object({
  pastDue: z.object({ purchaseId: z.string(), title: z.string(), graceUntil: z.string() }).nullable(),
});
export type BillingAlert = z.infer<typeof billingAlertSchema>;
