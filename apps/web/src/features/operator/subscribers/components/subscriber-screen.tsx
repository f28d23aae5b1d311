import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { Button } from '../../../../ui/button';
import { SpeedTestsSection } from '../../qoe/components/speed-tests';
import { SubscriberViewsSection } from '../../qoe/components/subscriber-views';
import { canView, sectionHref } from '../../sections';
import { useOperator } from '../../use-operator';
import { AccountActions } from '../actions';
import { useSubscriber } from '../api/get-subscriber';
import { AccountSection } from './account-section';
import { SignInsSection, StreamsSection } from './activity-section';
import { PackagesSection } from './packages-section';
import { PurchasesSection } from './purchases-section';

/** The subscriber's page: every module's side of one account, with the actions on each part. */
export function SubscriberScreen({ userId }: { userId: number }) {
  const { t } = useTranslation('operator-subscribers');
  const { t: tc } = useTranslation('operator');
  const subscriber = useSubscriber(userId);
  const me = useOperator();
  const page = subscriber.data;
  useDocumentTitle(page ? page.account.email : t('page.title', { id: userId }));
  // Back to the results the operator came from (the search keeps its term in the address).
  const from = (useLocation().state as { search?: string } | null)?.search ?? '';

  return (
    <section className="subscriber" aria-labelledby="subscriber-title">
      <p className="subscriber__back">
        <Link to={`${sectionHref('subscribers')}${from}`}>← {t('page.back')}</Link>
      </p>
      <h1 id="subscriber-title">{page ? page.account.email : t('page.title', { id: userId })}</h1>
      {subscriber.isPending ? <p role="status">{t('page.loading')}</p> : null}
      {subscriber.isError ? (
        subscriber.error instanceof ApiError && subscriber.error.status === 404 ? (
          <p role="alert">{t('page.notFound')}</p>
        ) : (
          <p className="operator-error" role="alert">
            {tc('common.error')}{' '}
            <Button variant="secondary" onClick={() => void subscriber.refetch()}>
              {tc('common.retry')}
            </Button>
          </p>
        )
      ) : null}
      {page ? (
        <>
          <div className="subscriber__actions" role="group" aria-label={t('page.actions')}>
            <AccountActions userId={userId} locked={page.account.lockedAt !== null} />
          </div>
          <div className="subscriber__grid">
            <AccountSection account={page.account} profiles={page.profiles} />
            <StreamsSection userId={userId} streams={page.streams} devices={page.devices} />
            <PackagesSection userId={userId} packages={page.packages} />
            <PurchasesSection userId={userId} first={page.purchases} />
            <SignInsSection signIns={page.signIns} />
            {canView(me.roles, 'qoe') ? <SubscriberViewsSection userId={userId} /> : null}
            {canView(me.roles, 'qoe') ? <SpeedTestsSection userId={userId} /> : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
