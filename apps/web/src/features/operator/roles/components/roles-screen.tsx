import type { OperatorEntry, OperatorRole } from '@pantalla/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { Button } from '../../../../ui/button';
import { useOperators } from '../api/get-operators';
import { useRevokeRole } from '../api/revoke-role';
import { GrantForm } from './grant-form';
import { OperatorsTable } from './operators-table';
import '../../access.css';

/** Why a revocation was refused, in the console's language (the server says it in Spanish). */
function revokeRefusal(failure: unknown): 'needPassword' | 'configAdmin' | 'lastAdmin' | 'notHeld' | 'failed' {
  if (!(failure instanceof ApiError)) return 'failed';
  if (failure.code === 'reauth_required') return 'needPassword';
  if (failure.status === 404) return 'notHeld';
  if (failure.status === 409) return failure.message.includes('ADMIN_EMAILS') ? 'configAdmin' : 'lastAdmin';
  return 'failed';
}

/** The roles screen: operators and their roles, grant by e-mail, revoke (both ask for the password again). */
export function RolesScreen() {
  const { t } = useTranslation('operator-access');
  const { t: tc } = useTranslation('operator');
  useDocumentTitle(t('roles.title'));
  const operators = useOperators();
  const revoke = useRevokeRole();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const rows = operators.data?.pages.flatMap((page) => page.items) ?? [];
  // A revoked role's button goes away: focus goes to the list's heading, not to the page's top.
  const listHeading = useRef<HTMLHeadingElement>(null);

  async function onRevoke(operator: OperatorEntry, role: OperatorRole) {
    setMessage(null);
    try {
      await revoke.mutateAsync({ userId: operator.userId, role });
      setMessage({ text: t('roles.revoked', { role: tc(`roles.${role}`), email: operator.email }), error: false });
      listHeading.current?.focus();
    } catch (failure) {
      const reason = revokeRefusal(failure);
      setMessage({
        text:
          reason === 'failed'
            ? t('roles.failed')
            : reason === 'needPassword'
              ? t('roles.needPassword')
              : t(`roles.refused.${reason}`),
        error: true,
      });
    }
  }

  return (
    <section className="operator-access" aria-labelledby="roles-title">
      <h1 id="roles-title">{t('roles.title')}</h1>
      <p className="operator-access__intro">{t('roles.intro')}</p>
      <GrantForm />
      <h2 ref={listHeading} tabIndex={-1}>
        {t('roles.listTitle')}
      </h2>
      <p
        role={message?.error ? 'alert' : 'status'}
        aria-live="polite"
        className={message?.error ? 'operator-error' : 'operator-access__done'}
      >
        {message?.text}
      </p>
      {operators.isError && rows.length === 0 ? (
        <p className="operator-error" role="alert">
          {tc('common.error')}{' '}
          <Button variant="secondary" onClick={() => void operators.refetch()}>
            {tc('common.retry')}
          </Button>
        </p>
      ) : operators.isPending ? (
        <p>{t('loading')}</p>
      ) : (
        <OperatorsTable
          operators={rows}
          busy={revoke.isPending}
          onRevoke={(operator, role) => void onRevoke(operator, role)}
        />
      )}
      {operators.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void operators.fetchNextPage()}
          loading={operators.isFetchingNextPage}
        >
          {tc('common.loadMore')}
        </Button>
      )}
    </section>
  );
}
