import { useTranslation } from 'react-i18next';
import { useCancelSubscription } from './api/cancel-subscription';
import { useCloseStreams } from './api/close-streams';
import { useSetLocked } from './api/lock-account';
import { useRefundPurchase } from './api/refund-purchase';
import { useRevokePackage } from './api/revoke-package';
import { useSendResetMail } from './api/send-reset-mail';
import { ConfirmAction } from './components/confirm-action';
import { GrantPackageAction } from './components/grant-package';
import { loadTables } from '../../../../lib/i18n';
import './actions.css';

// The page's loader awaits these texts; asked here too, so any page rendering the actions has them.
void loadTables(['operator-actions']);

/**
 * The subscriber page's actions (issue 27): the page renders these where each applies and
 * refetches ['operator', 'subscriber', userId] when one succeeds (each invalidates it).
 */
export interface AccountActionsProps {
  userId: number;
  locked: boolean;
}

/** Lock/unlock, send a password-reset mail, close every stream. */
export function AccountActions({ userId, locked }: AccountActionsProps) {
  const { t } = useTranslation('operator-actions');
  const lock = useSetLocked(userId, !locked);
  const reset = useSendResetMail(userId);
  const closeAll = useCloseStreams(userId, null);
  const which = locked ? 'unlock' : 'lock';
  return (
    <div className="subscriber-actions" role="group" aria-label={t('account.group')}>
      <ConfirmAction
        label={t(`${which}.button`)}
        title={t(`${which}.title`)}
        explain={t(`${which}.explain`)}
        confirm={t(`${which}.confirm`)}
        run={async ({ reason }) => {
          await lock.mutateAsync(reason);
          return t(`${which}.done`);
        }}
      />
      <ConfirmAction
        label={t('reset.button')}
        title={t('reset.title')}
        explain={t('reset.explain')}
        confirm={t('reset.confirm')}
        withReason={false}
        run={async () => t('reset.done', { email: (await reset.mutateAsync(undefined)).sentTo })}
      />
      <ConfirmAction
        label={t('closeAll.button')}
        title={t('closeAll.title')}
        explain={t('closeAll.explain')}
        confirm={t('closeAll.confirm')}
        withReason={false}
        run={async () => t('closeAll.done', { count: (await closeAll.mutateAsync(undefined)).closed })}
      />
    </div>
  );
}

/** Grant a package with an end date and a reason. */
export function GrantPackage({ userId }: { userId: number }) {
  return <GrantPackageAction userId={userId} />;
}

/** Revoke one of the account's packages (with a reason). */
export function RevokePackage({
  userId,
  packageId,
  packageName,
}: {
  userId: number;
  packageId: number;
  packageName: string;
}) {
  const { t } = useTranslation('operator-actions');
  const revoke = useRevokePackage(userId, packageId);
  return (
    <ConfirmAction
      label={t('revoke.button')}
      title={t('revoke.title', { name: packageName })}
      explain={t('revoke.explain', { name: packageName })}
      confirm={t('revoke.confirm')}
      variant="ghost"
      run={async ({ reason }) => {
        await revoke.mutateAsync(reason);
        return t('revoke.done', { name: packageName });
      }}
    />
  );
}

/** Refund one purchase through the provider (sensitive: password again). */
export function RefundPurchase({
  userId,
  purchaseId,
  refunded,
}: {
  userId: number;
  purchaseId: string;
  refunded: boolean;
}) {
  const { t } = useTranslation('operator-actions');
  const { i18n } = useTranslation();
  const refund = useRefundPurchase(userId, purchaseId);
  return (
    <ConfirmAction
      spent={refunded}
      label={t('refund.button')}
      title={t('refund.title')}
      explain={t('refund.explain')}
      confirm={t('refund.confirm')}
      variant="ghost"
      run={async ({ reason }) => {
        const done = await refund.mutateAsync(reason);
        const amount = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: done.currency }).format(
          done.amountCents / 100,
        );
        return t('refund.done', { amount });
      }}
    />
  );
}

/** Cancel one subscription. */
export function CancelSubscription({
  userId,
  subscriptionId,
  status,
}: {
  userId: number;
  subscriptionId: string;
  status: string;
}) {
  const { t } = useTranslation('operator-actions');
  const cancel = useCancelSubscription(userId, subscriptionId);
  // Only a subscription that still renews can be cancelled.
  return (
    <ConfirmAction
      spent={status !== 'fulfilled'}
      label={t('cancelSubscription.button')}
      title={t('cancelSubscription.title')}
      explain={t('cancelSubscription.explain')}
      confirm={t('cancelSubscription.confirm')}
      variant="ghost"
      run={async ({ reason }) => {
        await cancel.mutateAsync(reason);
        return t('cancelSubscription.done');
      }}
    />
  );
}

/** Close one open stream. */
export function CloseStream({ userId, sessionId }: { userId: number; sessionId: string }) {
  const { t } = useTranslation('operator-actions');
  const close = useCloseStreams(userId, sessionId);
  return (
    <ConfirmAction
      label={t('closeOne.button')}
      title={t('closeOne.title')}
      explain={t('closeOne.explain')}
      confirm={t('closeOne.confirm')}
      withReason={false}
      variant="ghost"
      run={async () => {
        await close.mutateAsync(undefined);
        return t('closeOne.done');
      }}
    />
  );
}
