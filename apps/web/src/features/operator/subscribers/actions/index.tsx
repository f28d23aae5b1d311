/**
 * The subscriber page's actions (issue 27): the page renders these where each applies and
 * refetches ['operator', 'subscriber', userId] when one succeeds (each invalidates it).
 */
export interface AccountActionsProps {
  userId: number;
  locked: boolean;
}
/** Lock/unlock, send a password-reset mail, close every stream. */
export function AccountActions(_props: AccountActionsProps) {
  return null;
}
/** Grant a package with an end date and a reason. */
export function GrantPackage(_props: { userId: number }) {
  return null;
}
/** Revoke one of the account's packages (with a reason). */
export function RevokePackage(_props: { userId: number; packageId: number; packageName: string }) {
  return null;
}
/** Refund one purchase through the provider (sensitive: password again). */
export function RefundPurchase(_props: { userId: number; purchaseId: number; refunded: boolean }) {
  return null;
}
/** Cancel one subscription. */
export function CancelSubscription(_props: { userId: number; subscriptionId: number; status: string }) {
  return null;
}
/** Close one open stream. */
export function CloseStream(_props: { userId: number; sessionId: string }) {
  return null;
}
